import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaFile } from '@shared/types/files';
import { useDescribeError } from '@client/api/describeError';
import { uploadAny, uploadMedia } from '@client/api/media';
import { useSessionEvents } from '@client/realtime/useSessionEvents';
import { croppedName } from './cropImage';

export interface Sent {
  sent: number;
  total: number;
}

interface CommitHandlers {
  onReady: (file: Pick<MediaFile, 'filename' | 'downloadURL'>) => void;
  onFailed: (message: string) => void;
  /** The upload was cancelled before it was in. */
  onCancelled: () => void;
}

/**
 * Sends the widget's file (the cropped JPEG when there is one) with the bytes sent and a cancel;
 * an image is then "processing" until the server's live event says it is ready or failed.
 */
export function useMediaCommit({ onReady, onFailed, onCancelled }: CommitHandlers) {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const [sent, setSent] = useState<Sent | null>(null);
  const [waiting, setWaitingState] = useState<string | null>(null);
  /**
   * The file waited for, also as a ref: the ready event may arrive between the upload's answer and
   * the render that would show the handler the new state, and must not be missed then.
   */
  const waitingFor = useRef<string | null>(null);
  const setWaiting = (name: string | null) => {
    waitingFor.current = name;
    setWaitingState(name);
  };
  const abort = useRef<AbortController | null>(null);
  /** States heard live while uploading: the ready event may come before the upload's answer. */
  const heard = useRef(new Map<string, MediaFile>());
  const badUpload = () => t('codes.upload.bad', { message: '' });

  useSessionEvents((event) => {
    if (event.name !== 'file.updated') return;
    const f = event.payload.file;
    heard.current.set(f.filename, f);
    if (f.filename !== waitingFor.current) return;
    if (f.state === 'ready') onReady(f);
    else if (f.state === 'failed') {
      setWaiting(null);
      onFailed(f.reason ?? badUpload());
    }
  });

  const send = async (file: File, cropped: Blob | null) => {
    const controller = new AbortController();
    abort.current = controller;
    const onProgress = (s: number, total: number) => setSent({ sent: s, total });
    try {
      const up = cropped ? await uploadMedia(cropped, croppedName(file.name), { signal: controller.signal, onProgress }) : await uploadAny(file, { signal: controller.signal, onProgress });
      const seen = heard.current.get(up.name);
      const state = seen?.state ?? up.state;
      if (state === 'ready') onReady({ filename: up.name, downloadURL: up.downloadURL });
      else if (state === 'failed') onFailed(seen?.reason ?? badUpload());
      else setWaiting(up.name);
    } catch (e) {
      if ((e as Error).name === 'AbortError') onCancelled();
      else onFailed(describe(e));
    } finally {
      setSent(null);
    }
  };

  const cancel = () => abort.current?.abort();
  const reset = () => {
    cancel();
    setSent(null);
    setWaiting(null);
  };

  return { sent, waiting, send, cancel, reset };
}
