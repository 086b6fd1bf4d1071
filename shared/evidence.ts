/** Where report evidence may come from: video sites yes, network drives never. */
const VIDEO_HOSTS = [
  'youtube.com', 'youtu.be', 'bilibili.com', 'b23.tv', 'twitch.tv', 'clips.twitch.tv', 'streamable.com', 'medal.tv',
  'vimeo.com', 'outplayed.tv', 'douyin.com', 'kick.com', 'ixigua.com', 'v.qq.com', 'youku.com', 'nicovideo.jp', 'dailymotion.com',
] as const;

const NETWORK_DRIVE_HOSTS = [
  'pan.baidu.com', 'yun.baidu.com', 'drive.google.com', 'onedrive.live.com', '1drv.ms', 'mega.nz', 'mega.io', 'dropbox.com',
  'weiyun.com', 'lanzou.com', 'lanzoui.com', 'lanzoux.com', '123pan.com', 'aliyundrive.com', 'alipan.com', 'quark.cn', 'pan.quark.cn', 'mediafire.com',
] as const;

const hostMatches = (host: string, list: readonly string[]) => list.some((h) => host === h || host.endsWith(`.${h}`));

export type LinkVerdict = 'video' | 'drive' | 'other' | 'invalid';

export function classifyLink(raw: string): LinkVerdict {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'invalid';
  const host = url.hostname.toLowerCase();
  if (hostMatches(host, NETWORK_DRIVE_HOSTS)) return 'drive';
  if (hostMatches(host, VIDEO_HOSTS)) return 'video';
  return 'other';
}

/** Video links travel comma separated (the original's `videoLink`). */
export const splitLinks = (videoLink: string | null | undefined) =>
  (videoLink ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/** Image sources in user HTML (evidence may be an image instead of a video). */
export function imageSources(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1]!);
}

/** Links anywhere in user HTML (hrefs, image sources and bare URLs), for the network-drive rule. */
export function linksIn(html: string): string[] {
  const hrefs = [...html.matchAll(/\bhref\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1]!);
  const bare = [...html.replace(/<[^>]+>/g, ' ').matchAll(/https?:\/\/[^\s<>"']+/gi)].map((m) => m[0]);
  return [...hrefs, ...imageSources(html), ...bare];
}

/**
 * Evidence a description holds by itself: an image, or a link to a video site (bots and apps that
 * send no `videoLink` paste the video's address into the text). An image on a network drive is
 * none: drives are refused wherever they appear.
 */
export const descriptionEvidence = (html: string): string[] => [
  ...imageSources(html).filter((src) => !['invalid', 'drive'].includes(classifyLink(src))),
  ...linksIn(html).filter((link) => classifyLink(link) === 'video'),
];
