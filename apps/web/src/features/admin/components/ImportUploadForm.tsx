import { Alert, Button, Checkbox, FileInput, Group, NativeSelect, Progress, Stack, Table, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ImportEntity, type ImportReport } from '@dossier/shared';
import { errorText } from '../../../lib/error-message';
import { uploadMediaType, useImportUpload } from '../api/imports';

const NO_FILE = 'Choose a file to import';
const WRONG_TYPE = 'Choose a .csv, .xlsx or .ndjson file';

/** The report's first line, as the command line prints it. */
function reportSummary(r: ImportReport): string {
  const mode = r.dryRun ? ' (dry run: nothing written)' : r.applied ? '' : ' (nothing written)';
  return `${r.entity}: received ${r.received}, inserted ${r.inserted}, updated ${r.updated}, unchanged ${r.unchanged}, rejected ${r.rejected}${mode}`;
}

/**
 * Upload a file on /admin → Imports: the same import core, dry run, partial option and per-row report as
 * `npm run dossier -- import`, with the share of the file sent as progress.
 */
export function ImportUploadForm() {
  const upload = useImportUpload();
  const form = useForm({
    mode: 'controlled',
    initialValues: { entity: 'employees' as ImportEntity, file: null as File | null, dryRun: true, partial: false },
    // A file in the browser, which no shared schema describes: the one rule is checked here. Choosing another file clears its message.
    validate: { file: (file) => (!file ? NO_FILE : uploadMediaType(file.name) ? null : WRONG_TYPE) },
  });
  const { dryRun } = form.getValues();
  const onSubmit = form.onSubmit(({ entity, file, partial }) => {
    if (file) upload.mutate({ entity, file, dryRun, partial });
  });

  const report = upload.data;
  const sending = upload.isPending && upload.progress < 1;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Upload a file">
      <Stack gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            label="Entity"
            data={ImportEntity.options}
            value={form.getValues().entity}
            onChange={(e) => form.setFieldValue('entity', ImportEntity.parse(e.currentTarget.value))}
          />
          <FileInput
            label="File"
            placeholder="CSV, XLSX or NDJSON"
            accept=".csv,.xlsx,.ndjson,.jsonl,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            {...form.getInputProps('file')}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the file' }}
            miw={220}
            style={{ flex: '1 1 220px', maxWidth: 420 }}
          />
        </Group>
        <Group gap="md" wrap="wrap">
          <Checkbox label="Dry run: check the rows, write nothing" {...form.getInputProps('dryRun', { type: 'checkbox' })} />
          <Checkbox
            label="Partial: apply the good rows even when some are rejected"
            {...form.getInputProps('partial', { type: 'checkbox' })}
          />
        </Group>
        <Group>
          <Button type="submit" loading={upload.isPending}>
            {dryRun ? 'Check file' : 'Import file'}
          </Button>
        </Group>
        {upload.isPending ? (
          <Stack gap={4} role="status" aria-live="polite">
            <Progress value={Math.round(upload.progress * 100)} animated={!sending} aria-label="Upload progress" />
            <Text size="sm">
              {sending ? `Sending the file: ${Math.round(upload.progress * 100)}%` : 'File sent: checking and importing the rows…'}
            </Text>
          </Stack>
        ) : null}
        {upload.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorText(upload.error)}
          </Alert>
        ) : null}
        {report ? <UploadReport report={report} /> : null}
      </Stack>
    </form>
  );
}

function UploadReport({ report }: { report: ImportReport }) {
  const ok = report.errors.length === 0 && report.rejected === 0;
  const more = report.rejected > report.errors.length;
  return (
    <Alert
      color={ok ? 'green' : report.applied ? 'yellow' : 'red'}
      variant="light"
      role="status"
      title={
        ok
          ? report.dryRun
            ? 'Every row can be imported'
            : 'Imported'
          : report.dryRun
            ? 'Problems found'
            : report.applied
              ? 'Imported in part'
              : 'Nothing was imported'
      }
    >
      <Stack gap={6}>
        <Text size="sm">{reportSummary(report)}</Text>
        {!report.applied && !report.dryRun && report.rejected > 0 && !report.partial ? (
          <Text size="sm">Fix the rows below, or tick Partial to apply the good rows.</Text>
        ) : null}
        {report.errors.length > 0 ? (
          <Table.ScrollContainer minWidth={420} maxHeight={360}>
            <Table striped withTableBorder aria-label="Problems found" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Line</Table.Th>
                  <Table.Th>Column</Table.Th>
                  <Table.Th>Message</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.errors.map((e, i) => (
                  <Table.Tr key={`${e.line}-${e.field}-${i}`}>
                    <Table.Td>{e.line}</Table.Td>
                    <Table.Td>{e.field || '-'}</Table.Td>
                    <Table.Td>{e.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        {more ? <Text size="sm">… and more: {report.rejected} rows rejected in all (the history downloads them).</Text> : null}
      </Stack>
    </Alert>
  );
}
