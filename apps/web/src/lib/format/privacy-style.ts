import type { CSSProperties } from 'react';

/** Privacy Mode (SPEC §2.6) blurs amounts and merchant names for screen sharing. */
export const privacyStyle = (isOn: boolean): CSSProperties | undefined =>
  isOn ? { filter: 'blur(6px)', userSelect: 'none' } : undefined;
