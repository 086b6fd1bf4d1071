import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** A picture from elsewhere: an http or https address. */
export const IMAGE_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/** Whether the browser can show the picture at `src` (asked without a referrer, as it will be shown). */
function probe(src: string) {
  return new Promise<boolean>((resolve) => {
    const img = new Image();
    img.referrerPolicy = 'no-referrer';
    img.onload = () => resolve(true);
    img.onerror = () => resolve(false);
    img.src = src;
  });
}

/** The address of a picture from elsewhere: checked for its form, then that it loads, then handed on. */
export function useImageAddress(onFound: (url: string) => void) {
  const { t } = useTranslation();
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string>();
  const [checking, setChecking] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The editor sits in the form it writes for: this submit is not that form's.
    e.stopPropagation();
    const value = address.trim();
    const problem = !value ? t('validation.required') : IMAGE_URL.test(value) ? undefined : t('editor.image.badUrl');
    setError(problem);
    if (problem) return;
    setChecking(true);
    const loads = await probe(value);
    setChecking(false);
    if (loads) onFound(value);
    else setError(t('editor.image.notLoading'));
  };

  return { address, setAddress, error, checking, submit };
}

export type ImageAddress = ReturnType<typeof useImageAddress>;
