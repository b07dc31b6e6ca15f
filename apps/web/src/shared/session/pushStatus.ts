import { create } from 'zustand';

/** Whether the push socket is up (the balance stops polling while it is). */
export const usePushStatus = create<{ connected: boolean }>()(() => ({ connected: false }));
