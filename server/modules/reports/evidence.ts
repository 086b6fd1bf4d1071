import { classifyLink, descriptionEvidence, linksIn, splitLinks } from '@shared/evidence';
import { AppError } from '@server/app-error';
import type { ErrorCode } from '@shared/errors';

/**
 * The evidence rule of reports (shared/evidence.ts): a video link from a video site, or an image or a video-site link in the description;
 * network-drive links are refused wherever they appear.
 */
export function checkEvidence(description: string, videoLink: string, badCode: ErrorCode) {
  const videos = splitLinks(videoLink);
  for (const link of videos) {
    const kind = classifyLink(link);
    if (kind === 'drive') throw new AppError(badCode, 'network-drive links are not accepted; upload the video to a video site');
    if (kind !== 'video') throw new AppError(badCode, `not a link to a video site: ${link}`);
  }
  if (linksIn(description).some((l) => classifyLink(l) === 'drive')) throw new AppError(badCode, 'network-drive links are not accepted; upload the video to a video site');
  if (!videos.length && !descriptionEvidence(description).length) throw new AppError(badCode, 'evidence is required: a link to a video site or an image');
}
