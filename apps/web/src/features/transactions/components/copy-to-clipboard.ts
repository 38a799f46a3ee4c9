import { notifyError, notifySuccess } from '../../../lib/notify';

/** Copies a value and confirms with the toast of SPEC §8. */
export const copyToClipboard = async (value: string): Promise<void> => {
  try {
    await navigator.clipboard.writeText(value);
    notifySuccess(`Copied to clipboard: ${value}`);
  } catch {
    notifyError('Could not copy to clipboard');
  }
};
