import { casePath } from '@client/app/casePaths';

/** The addresses of a case that are shared outside the site, on this site's origin. */
export function shareLinks(origin: string, personaId: string, options: { theme: string; lang: string }) {
  const page = `${origin}${casePath(personaId)}`;
  const card = `${page}/share/card?${new URLSearchParams({ theme: options.theme, lang: options.lang })}`;
  return {
    page,
    card,
    imagePage: `${casePath(personaId)}/share`,
    embed: (title: string) =>
      `<iframe src="${card}" width="440" height="200" style="border:0;max-width:100%" loading="lazy" title="${title.replace(/[<>&"]/g, '')}"></iframe>`,
  };
}
