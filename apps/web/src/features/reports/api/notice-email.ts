import { useMutation } from '@tanstack/react-query';
import { NOTICE_EMAIL_SENT, NoticeEmailResponse, NOTIFY_PATHS, type NoticeEmailBody } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { openMessageDialog } from '../../../components/message-dialog/open-message-dialog';

/**
 * Notice email (docs/product/renewals.md, 'Renewal row actions'): the server mails partner and customer. Success shows the product's text;
 * no renewal payment answers 404 'renewal payment not exists in system !!' through the error dialog.
 */
export function postNoticeEmail(body: NoticeEmailBody): Promise<NoticeEmailResponse> {
  return apiRequest(NOTIFY_PATHS.noticeEmail, NoticeEmailResponse, { method: 'POST', body });
}

export function useNoticeEmail() {
  return useMutation({
    mutationFn: postNoticeEmail,
    onSuccess: () => {
      openMessageDialog({ title: 'Success', message: NOTICE_EMAIL_SENT, defaultKey: 'Success' });
    },
  });
}
