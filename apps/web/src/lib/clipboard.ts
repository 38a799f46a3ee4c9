import { notifyError, notifySuccess } from './notify';

/** Copies a value and confirms with the toast of SPEC §8. */
export const copyToClipboard = async (value: string): Promise<void> => {
  try {
    await navigator.clipboard.writeText(value);
    notifySuccess(`Copied to clipboard: ${value}`);
  } catch {
    notifyError('Could not copy to clipboard');
  }
};

/** Copies without a toast, where the action itself is the confirmation; false when the browser refused. */
export const copySilently = async (value: string): Promise<boolean> => {
  try {
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    return false;
  }
};
