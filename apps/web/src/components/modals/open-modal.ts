import { modals } from '@mantine/modals';

type ModalSettings = Parameters<typeof modals.open>[0];

let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by `ModalsHost` once the modals manager listens. */
export function modalsReady(): void {
  markReady();
}

/**
 * `modals.open`, held until the modals manager is mounted: the manager (and Mantine's Modal with it) loads
 * after the first screen, out of the initial download, and a dialog asked for before then still shows.
 */
export function openModal(settings: ModalSettings & { modalId: string }): void {
  void ready.then(() => modals.open(settings));
}

let opened = 0;
/**
 * An id for one opening of a dialog: the manager keeps a closing modal (its transition) under its id, and a
 * dialog opened again under the same id would take over that modal's component and its state.
 */
export const modalIdFor = (dialog: string): string => `${dialog}-${++opened}`;

export const closeModal = (modalId: string): void => modals.close(modalId);

/** A new title for an open modal (a dialog whose step changes, e.g. 'Save view' becoming 'View saved'). */
export const retitleModal = (modalId: string, title: string): void => modals.updateModal({ modalId, title });
