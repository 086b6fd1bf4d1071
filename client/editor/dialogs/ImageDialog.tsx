import { useTranslation } from 'react-i18next';
import { UploadWidget } from '@client/media/UploadWidget';

interface ImageDialogProps {
  open: boolean;
  onClose: () => void;
  onInsert: (src: string, alt: string) => void;
}

/**
 * An image for the editor, through the upload widget: an address from elsewhere (loaded first, so
 * a dead one is caught), a file uploaded (cropped, turned) or one from my media.
 */
export function ImageDialog({ open, onClose, onInsert }: ImageDialogProps) {
  const { t } = useTranslation();
  return <UploadWidget open={open} onClose={onClose} title={t('editor.image.title')} onDone={({ url, alt }) => onInsert(url, alt)} />;
}
