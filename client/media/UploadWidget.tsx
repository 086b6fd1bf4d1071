import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaFile } from '@shared/types/files';
import { Dialog } from '@client/components/Dialog';
import { Icon } from '@client/components/Icon';
import { Steps } from '@client/components/Steps';
import { Tabs } from '@client/components/Tabs';
import { AddressSource } from './AddressSource';
import { CommitStep } from './CommitStep';
import { CropStep } from './CropStep';
import { FileDrop } from './FileDrop';
import { LibraryPicker } from './LibraryPicker';
import { PreviewStep } from './PreviewStep';
import { useCrop } from './useCrop';
import { useImageAddress } from './useImageAddress';
import { useLibraryChoices } from './useLibraryChoices';
import { useMediaCommit } from './useMediaCommit';
import { useObjectUrl } from './useObjectUrl';
import { usePastedFile } from './usePastedFile';
import { useStepFocus } from './useStepFocus';
import styles from './UploadWidget.module.css';

/** What the widget hands back: an address to show, and our stored name when it is one of our files. */
export interface WidgetResult {
  url: string;
  alt: string;
  filename: string | null;
}

interface UploadWidgetProps {
  open: boolean;
  onClose: () => void;
  onDone: (result: WidgetResult) => void;
  title: string;
  /** `avatar`: a square crop, no addresses from elsewhere, images only. */
  purpose?: 'insert' | 'avatar';
}

type Source = 'url' | 'upload' | 'library';
type Step = 0 | 1 | 2 | 3;
const absolute = (path: string) => new URL(path, location.origin).toString();
/** Stills are cropped and turned; animations and videos go as they are. */
const editable = (file: File) => /^image\/(jpeg|png|webp)$/.test(file.type);

/**
 * The upload widget: 1 choose a source (an address, a file from disk — chosen, dropped
 * or pasted — or one of my media), 2 edit (crop and rotate, to a JPEG), 3 preview, 4 commit with
 * the bytes sent and a cancel button; an image stays "processing" until the server says it is ready.
 */
export function UploadWidget({ open, onClose, onDone, title, purpose = 'insert' }: UploadWidgetProps) {
  const { t } = useTranslation();
  const avatar = purpose === 'avatar';
  const [source, setSource] = useState<Source>(avatar ? 'upload' : 'url');
  const [step, setStep] = useState<Step>(0);
  const [file, setFile] = useState<File | null>(null);
  const fileUrl = useObjectUrl(file);
  const crop = useCrop();
  const [result, setResult] = useState<{ blob: Blob; url: string } | null>(null);
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const upload = useMediaCommit({ onReady: (f) => finish(f), onFailed: setError, onCancelled: () => setStep(2) });
  const address = useImageAddress((url) => onDone({ url, alt: alt.trim(), filename: null }));
  const library = useLibraryChoices(open && source === 'library', avatar);
  const widget = useRef<HTMLDivElement>(null);
  useStepFocus(step, widget);

  const reset = () => {
    upload.reset();
    setStep(0);
    setFile(null);
    setResult(null);
    setError(null);
    crop.reset();
    setAlt('');
  };
  useEffect(() => {
    if (!open) reset();
  }, [open]);
  useEffect(() => () => void (result && URL.revokeObjectURL(result.url)), [result]);

  function finish(f: Pick<MediaFile, 'filename' | 'downloadURL'>) {
    onDone({ url: absolute(f.downloadURL), alt: alt.trim(), filename: f.filename });
    reset();
  }

  const pick = (chosen: File | undefined) => {
    if (!chosen) return;
    setError(null);
    setFile(chosen);
    setStep(editable(chosen) ? 1 : 2);
  };
  usePastedFile(open && step === 0, (pasted) => {
    setSource('upload');
    pick(pasted);
  });

  const commit = async () => {
    if (!file) return;
    setStep(3);
    setError(null);
    await upload.send(file, result?.blob ?? null);
  };

  const sources = [
    ...(avatar ? [] : [{ id: 'url' as const, label: t('widget.source.url'), content: <AddressSource address={address} alt={alt} onAlt={setAlt} /> }]),
    { id: 'upload' as const, label: t('widget.source.upload'), content: <FileDrop avatar={avatar} onPick={pick} /> },
    { id: 'library' as const, label: t('widget.source.library'), content: <LibraryPicker library={library} avatar={avatar} onPick={finish} /> },
  ];

  const preview = result?.url ?? fileUrl;
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <div className={styles.widget} ref={widget}>
        <Steps steps={[t('widget.step.source'), t('widget.step.edit'), t('widget.step.preview'), t('widget.step.commit')]} current={step} label={t('widget.steps')} />
        {error && (
          <p className={styles.error} role="alert">
            <Icon name="alert" size={14} /> {error}
          </p>
        )}
        {step === 0 && <Tabs items={sources} value={source} onChange={setSource} label={t('widget.sources')} />}
        {step === 1 && fileUrl && (
          <CropStep
            image={fileUrl}
            avatar={avatar}
            crop={crop}
            onBack={reset}
            onCropped={(blob) => {
              setResult({ blob, url: URL.createObjectURL(blob) });
              setStep(2);
            }}
            onError={setError}
          />
        )}
        {step === 2 && file && preview && (
          <PreviewStep
            file={file}
            preview={preview}
            size={result?.blob.size ?? file.size}
            avatar={avatar}
            alt={alt}
            onAlt={setAlt}
            onBack={() => setStep(editable(file) ? 1 : 0)}
            onUpload={() => void commit()}
          />
        )}
        {step === 3 && <CommitStep sent={upload.sent} waiting={upload.waiting} error={error} onCancel={upload.cancel} onRetry={reset} />}
      </div>
    </Dialog>
  );
}
