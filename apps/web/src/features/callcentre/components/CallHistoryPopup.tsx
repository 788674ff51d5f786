import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Center, CloseButton, Group, Loader, Paper, Portal, ScrollArea, Text } from '@mantine/core';
import { useClickOutside, useMergedRef } from '@mantine/hooks';
import { useIsMobile } from '../../../lib/media';
import { useCallDetails } from '../../../components/call-dialogs/api/call-details';
import { NARROW_WIDTH } from '../../../components/call-dialogs/lib/dialog-sizes';
import { popupLeft, popupTop } from '../lib/popup-position';
import { CallList } from '../../../components/call-dialogs/CallList';

const POPUP_WIDTH = 420;

export interface PopupAnchor {
  caseId: number;
  /** Click position in page coordinates. */
  pageX: number;
  pageY: number;
  clientX: number;
}

/** The leads screen's call-history popup, opened near the badge that was clicked (docs/product/callcentre.md, 'Advisor Connect Leads'). */
export function CallHistoryPopup({ anchor, onClose }: { anchor: PopupAnchor; onClose: () => void }) {
  const mobile = useIsMobile();
  const details = useCallDetails(anchor.caseId);
  const outside = useClickOutside<HTMLDivElement>(onClose);
  // The portal draws the popup after this component mounts: the element arrives through a callback ref.
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const ref = useMergedRef(outside, setBox);
  // Its height is known once drawn (and changes when the calls arrive): it is then kept inside the window.
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    if (!box) return;
    const measure = () => setHeight(box.offsetHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [box]);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const calls = details.data?.data.call_details ?? [];
  // Narrow screens: 95% wide, so it sits 2.5% from the left edge instead of at the click. Wider ones: at
  // the click, kept inside the window.
  const position = mobile
    ? { left: '2.5%', width: NARROW_WIDTH }
    : { left: popupLeft(anchor.clientX, POPUP_WIDTH, document.documentElement.clientWidth), width: POPUP_WIDTH };
  return (
    <Portal>
      <Paper
        ref={ref}
        shadow="lg"
        withBorder
        p="sm"
        radius="md"
        role="dialog"
        aria-label="Call history"
        style={{ position: 'absolute', top: popupTop(anchor.pageY, height, window.scrollY, window.innerHeight), zIndex: 300, ...position }}
      >
        <Group justify="space-between" mb="xs">
          <Text fw={600}>Call History</Text>
          <CloseButton ref={closeRef} onClick={onClose} aria-label="Close call history" />
        </Group>
        {details.isPending ? (
          <Center py="sm">
            <Loader size="sm" aria-label="Loading calls" />
          </Center>
        ) : calls.length === 0 ? (
          <Text size="sm">No calls on this lead yet</Text>
        ) : (
          <ScrollArea.Autosize mah={Math.min(360, window.innerHeight - 120)}>
            <CallList calls={calls} />
          </ScrollArea.Autosize>
        )}
      </Paper>
    </Portal>
  );
}
