import { create } from 'zustand';

export type DialogKind = 'error' | 'warning' | 'notice';

/** A dialog holds a code (translated when shown, so it follows a language switch) or a literal text. */
export interface DialogItem {
  id: number;
  kind: DialogKind;
  code?: string;
  serverMessage?: string;
  /** A translation key of the app's own texts. */
  textKey?: string;
}

interface DialogState {
  queue: DialogItem[];
  push: (item: Omit<DialogItem, 'id'>) => void;
  dismiss: (id: number) => void;
  clear: () => void;
}

let nextId = 1;

export const useDialogs = create<DialogState>()((set) => ({
  queue: [],
  push: (item) =>
    set((state) =>
      // The same message twice in a row (e.g. several calls failing together) shows once.
      state.queue.some((open) => open.code === item.code && open.textKey === item.textKey)
        ? state
        : { queue: [...state.queue, { ...item, id: nextId++ }] },
    ),
  dismiss: (id) => set((state) => ({ queue: state.queue.filter((item) => item.id !== id) })),
  clear: () => set({ queue: [] }),
}));

export const showDialog = (item: Omit<DialogItem, 'id'>): void => useDialogs.getState().push(item);
