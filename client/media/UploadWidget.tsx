import { useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Cropper from 'react-easy-crop';
import type { MediaFile } from '@shared/types/files';
import { useDescribeError } from '@client/api/describeError';
import { getMyFiles, uploadAny, uploadMedia } from '@client/api/media';
import { Button } from '@client/components/Button';
import { Dialog } from '@client/components/Dialog';
import { TextField } from '@client/components/Field';
import { Icon } from '@client/components/Icon';
import { Steps } from '@client/components/Steps';
import { Tabs } from '@client/components/Tabs';
import { useRemote } from '@client/hooks/useRemote';
import { useSessionEvents } from '@client/realtime/useSessionEvents';
import { formatBytes } from './format';
import { IMAGE_URL } from '@client/editor/rules';
import { MediaFilter, type MediaFilterValue } from './MediaFilter';
import { isFiltered, mediaQueryOf } from './mediaParams';
import { useFileLabel } from './useFileLabel';
import { croppedName, cropToJpeg, type CropArea } from './cropImage';
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
const IMAGE_TYPES = 'image/gif,image/jpeg,image/png,image/webp';
const absolute = (path: string) => new URL(path, location.origin).toString();
/** Stills are cropped and turned; animations and videos go as they are. */
const editable = (file: File) => /^image\/(jpeg|png|webp)$/.test(file.type);

function probe(src: string) {
  return new Promise<boolean>((resolve) => {
    const img = new Image();
    img.referrerPolicy = 'no-referrer';
    img.onload = () => resolve(true);
    img.onerror = () => resolve(false);
    img.src = src;
  });
}

/**
 * The upload widget: 1 choose a source (an address, a file from disk — chosen, dropped
 * or pasted — or one of my media), 2 edit (crop and rotate, to a JPEG), 3 preview, 4 commit with
 * the bytes sent and a cancel button; an image stays "processing" until the server says it is ready.
 */
export function UploadWidget({ open, onClose, onDone, title, purpose = 'insert' }: UploadWidgetProps) {
  const { t, i18n } = useTranslation();
  const describe = useDescribeError();
  const avatar = purpose === 'avatar';
  const [source, setSource] = useState<Source>(avatar ? 'upload' : 'url');
  const [step, setStep] = useState<Step>(0);
  const [file, setFile] = useState<File | null>(null);
  const [fileUrl, setFileUrl] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [area, setArea] = useState<CropArea | null>(null);
  const [result, setResult] = useState<{ blob: Blob; url: string } | null>(null);
  const [alt, setAlt] = useState('');
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState<string>();
  const [checking, setChecking] = useState(false);
  const [sent, setSent] = useState<{ sent: number; total: number } | null>(null);
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
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  /** States heard live while uploading: the ready event may come before the upload's answer. */
  const heard = useRef(new Map<string, MediaFile>());

  const reset = () => {
    abort.current?.abort();
    setStep(0);
    setFile(null);
    setResult(null);
    setSent(null);
    setWaiting(null);
    setError(null);
    setRotation(0);
    setZoom(1);
    setAlt('');
  };
  useEffect(() => {
    if (!open) reset();
  }, [open]);
  useEffect(() => {
    if (!file) return setFileUrl(null);
    const url = URL.createObjectURL(file);
    setFileUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  useEffect(() => () => void (result && URL.revokeObjectURL(result.url)), [result]);

  const finish = (f: Pick<MediaFile, 'filename' | 'downloadURL'>) => {
    onDone({ url: absolute(f.downloadURL), alt: alt.trim(), filename: f.filename });
    reset();
  };

  useSessionEvents((event) => {
    if (event.name !== 'file.updated') return;
    const f = event.payload.file;
    heard.current.set(f.filename, f);
    if (f.filename !== waitingFor.current) return;
    if (f.state === 'ready') finish(f);
    else if (f.state === 'failed') {
      setWaiting(null);
      setError(f.reason ?? t('codes.upload.bad', { message: '' }));
    }
  });

  const pick = (chosen: File | undefined) => {
    if (!chosen) return;
    setError(null);
    setFile(chosen);
    setStep(editable(chosen) ? 1 : 2);
  };

  // Pasting a picture while the widget is open takes it as the file.
  useEffect(() => {
    if (!open || step !== 0) return;
    const onPaste = (e: ClipboardEvent) => {
      const pasted = e.clipboardData?.files[0];
      if (pasted) {
        e.preventDefault();
        setSource('upload');
        pick(pasted);
      }
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  });

  const applyEdit = async () => {
    if (!fileUrl || !area) return;
    try {
      const blob = await cropToJpeg(fileUrl, area, rotation);
      setResult({ blob, url: URL.createObjectURL(blob) });
      setStep(2);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const commit = async () => {
    if (!file) return;
    setStep(3);
    setError(null);
    const controller = new AbortController();
    abort.current = controller;
    const onProgress = (s: number, total: number) => setSent({ sent: s, total });
    try {
      const up = result ? await uploadMedia(result.blob, croppedName(file.name), { signal: controller.signal, onProgress }) : await uploadAny(file, { signal: controller.signal, onProgress });
      const seen = heard.current.get(up.name);
      const state = seen?.state ?? up.state;
      if (state === 'ready') finish({ filename: up.name, downloadURL: up.downloadURL });
      else if (state === 'failed') setError(seen?.reason ?? t('codes.upload.bad', { message: '' }));
      else setWaiting(up.name);
    } catch (e) {
      if ((e as Error).name === 'AbortError') setStep(2);
      else setError(describe(e));
    } finally {
      setSent(null);
    }
  };

  const submitAddress = async (e: FormEvent) => {
    e.preventDefault();
    // The editor sits in the form it writes for: this submit is not that form's.
    e.stopPropagation();
    const value = address.trim();
    const problem = !value ? t('validation.required') : IMAGE_URL.test(value) ? undefined : t('editor.image.badUrl');
    setAddressError(problem);
    if (problem) return;
    setChecking(true);
    const loads = await probe(value);
    setChecking(false);
    if (loads) onDone({ url: value, alt: alt.trim(), filename: null });
    else setAddressError(t('editor.image.notLoading'));
  };

  const drop = (e: DragEvent) => {
    e.preventDefault();
    pick(e.dataTransfer.files[0]);
  };

  const [pickFilter, setPickFilter] = useState<MediaFilterValue>({ name: '', kind: '' });
  // An avatar is an image; anything else may also be a video (archives are never offered).
  const pickQuery = { ...mediaQueryOf(pickFilter), ...(avatar ? { kind: 'image' as const } : {}) };
  const library = useRemote(open && source === 'library' ? `library:${pickQuery.name ?? ''}:${pickQuery.kind ?? ''}` : null, (signal) => getMyFiles(0, pickQuery, signal));
  const choices = (library.data?.data ?? []).filter((f) => f.state === 'ready' && (f.kind === 'image' || (!avatar && f.kind === 'video')));
  const label = useFileLabel();

  const sources = [
    ...(avatar
      ? []
      : [
          {
            id: 'url' as const,
            label: t('widget.source.url'),
            content: (
              <form id="widget-url-form" className={styles.form} onSubmit={(e) => void submitAddress(e)} noValidate>
                <TextField label={t('editor.image.src')} hint={t('editor.image.srcHint')} type="url" inputMode="url" value={address} onChange={(e) => setAddress(e.target.value)} error={addressError} placeholder="https://" />
                <TextField label={t('editor.image.alt')} value={alt} onChange={(e) => setAlt(e.target.value)} maxLength={200} />
                <Button variant="primary" type="submit" loading={checking}>
                  {t('editor.insert')}
                </Button>
              </form>
            ),
          },
        ]),
    {
      id: 'upload' as const,
      label: t('widget.source.upload'),
      content: (
        <div className={styles.drop} onDragOver={(e) => e.preventDefault()} onDrop={drop}>
          <Icon name="image" size={28} />
          <p>{t('media.dropHint')}</p>
          <label className={styles.choose}>
            <input type="file" accept={avatar ? IMAGE_TYPES : `${IMAGE_TYPES},video/webm,video/ogg,video/mp4`} data-testid="widget-file-input" onChange={(e) => pick(e.target.files?.[0])} />
            <span>{t('media.choose')}</span>
          </label>
          <p className={styles.small}>{t('media.limits')}</p>
        </div>
      ),
    },
    {
      id: 'library' as const,
      label: t('widget.source.library'),
      content: (
        <div className={styles.picker}>
          <MediaFilter value={pickFilter} onChange={setPickFilter} kinds={avatar ? ['image'] : ['image', 'video']} />
          {!library.data ? (
            <p>{t('common.loading')}</p>
          ) : !choices.length && isFiltered(pickFilter) ? (
            <p role="status">
              {t('media.filter.noMatch')}{' '}
              <Button size="sm" variant="ghost" onClick={() => setPickFilter({ name: '', kind: '' })}>
                {t('media.filter.clear')}
              </Button>
            </p>
          ) : !choices.length ? (
            <p>{t('media.emptyText')}</p>
          ) : (
            <ul className={styles.library}>
              {choices.map((f) => (
                <li key={f.filename}>
                  <button type="button" className={styles.pickItem} onClick={() => finish(f)} aria-label={t('widget.pick', { name: label(f) })} title={label(f)}>
                    <span className={styles.pickThumb}>{f.thumbnailURL ? <img src={f.thumbnailURL} alt="" /> : <Icon name="external" size={24} />}</span>
                    <span className={styles.pickName} aria-hidden="true">
                      {label(f)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ),
    },
  ];

  const preview = result?.url ?? fileUrl;
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <div className={styles.widget}>
        <Steps steps={[t('widget.step.source'), t('widget.step.edit'), t('widget.step.preview'), t('widget.step.commit')]} current={step} label={t('widget.steps')} />
        {error && (
          <p className={styles.error} role="alert">
            <Icon name="alert" size={14} /> {error}
          </p>
        )}
        {step === 0 && <Tabs items={sources} value={source} onChange={setSource} label={t('widget.sources')} />}
        {step === 1 && fileUrl && (
          <>
            <div className={styles.cropper}>
              <Cropper image={fileUrl} crop={crop} zoom={zoom} rotation={rotation} aspect={avatar ? 1 : 4 / 3} cropShape={avatar ? 'round' : 'rect'} onCropChange={setCrop} onZoomChange={setZoom} onRotationChange={setRotation} onCropComplete={(_, pixels) => setArea(pixels)} />
            </div>
            <div className={styles.controls}>
              <Button size="sm" onClick={() => setRotation((r) => (r + 270) % 360)} aria-label={t('widget.rotateLeft')}>
                ⟲
              </Button>
              <Button size="sm" onClick={() => setRotation((r) => (r + 90) % 360)} aria-label={t('widget.rotateRight')}>
                ⟳
              </Button>
              <label className={styles.zoom}>
                {t('widget.zoom')}
                <input type="range" min={1} max={3} step={0.05} value={zoom} onChange={(e) => setZoom(Number(e.target.value))} />
              </label>
            </div>
            <div className={styles.actions}>
              <Button onClick={reset}>{t('common.previous')}</Button>
              <Button variant="primary" onClick={() => void applyEdit()} disabled={!area}>
                {t('widget.apply')}
              </Button>
            </div>
          </>
        )}
        {step === 2 && file && preview && (
          <>
            <div className={avatar ? `${styles.preview} ${styles.round}` : styles.preview}>
              {file.type.startsWith('video/') ? <video src={preview} controls /> : <img src={preview} alt={t('widget.previewAlt')} />}
            </div>
            <p className={styles.small}>{formatBytes(result?.blob.size ?? file.size, i18n.language)}</p>
            {!avatar && <TextField label={t('editor.image.alt')} value={alt} onChange={(e) => setAlt(e.target.value)} maxLength={200} />}
            <div className={styles.actions}>
              <Button onClick={() => setStep(editable(file) ? 1 : 0)}>{t('common.previous')}</Button>
              <Button variant="primary" onClick={() => void commit()}>
                {t('widget.upload')}
              </Button>
            </div>
          </>
        )}
        {step === 3 && (
          <div className={styles.commit}>
            {sent ? (
              <>
                <progress max={sent.total} value={sent.sent} aria-label={t('widget.sending')} />
                <p className={styles.small}>{t('media.quota.of', { used: formatBytes(sent.sent, i18n.language), limit: formatBytes(sent.total, i18n.language) })}</p>
                <Button size="sm" variant="ghost" onClick={() => abort.current?.abort()}>
                  {t('common.cancel')}
                </Button>
              </>
            ) : waiting ? (
              <p>{t('widget.processing')}</p>
            ) : error ? (
              <Button onClick={reset}>{t('common.retry')}</Button>
            ) : (
              <p>{t('widget.sending')}</p>
            )}
          </div>
        )}
      </div>
    </Dialog>
  );
}
