/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'true' builds a white-label bundle (storage keys prefixed differently). */
  readonly VITE_WHITE_LABEL?: string;
}
