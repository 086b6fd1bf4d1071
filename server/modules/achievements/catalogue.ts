import { ACHIEVEMENTS, achievementIcon, type AchievementAcquisition, type AchievementDef, type AchievementGoal } from '@shared/achievements';
import { conditionOf } from '@shared/achievement-condition';
import { intlLocale, type LanguageCode } from '@shared/languages';
import type { ServerI18n } from '@server/i18n';

/** One achievement of `GET /achievements`, its texts in the answer's language. */
export interface CatalogueEntry {
  id: string;
  group: AchievementDef['group'];
  level: number;
  points: number;
  rarity: AchievementDef['rarity'];
  tags: AchievementDef['tags'];
  /** The badge (a path on this site). */
  icon: string;
  name: string;
  rarityName: string;
  isHidden: boolean;
  /** How it is earned: all null for a hidden achievement, whose condition stays secret until it is earned. */
  acquisition: AchievementAcquisition | null;
  /** The level to own first. */
  requires: string | null;
  /** The numbers its condition checks. */
  goal: AchievementGoal | null;
  /** Its condition in words. */
  condition: string | null;
}

/**
 * The achievement catalogue for API clients, in one language, in catalogue order. A hidden
 * achievement shows what the profile page shows of one not yet earned, plus what it is called
 * and how rare it is (clients name the ones a user owns by it); how it is earned is left out.
 */
export function achievementCatalogue(i18n: ServerI18n, language: LanguageCode): Catalogue {
  let built = catalogues.get(i18n);
  if (!built) catalogues.set(i18n, (built = new Map()));
  let catalogue = built.get(language);
  if (!catalogue) built.set(language, (catalogue = buildCatalogue(i18n, language)));
  return catalogue;
}

type Catalogue = { language: LanguageCode; achievements: CatalogueEntry[] };

/** Built once per language (a few milliseconds of translating and formatting): the texts change only with a release. */
const catalogues = new WeakMap<ServerI18n, Map<LanguageCode, Catalogue>>();

function buildCatalogue(i18n: ServerI18n, language: LanguageCode): Catalogue {
  const t = i18n.t(language);
  const numbers = new Intl.NumberFormat(intlLocale(language));
  const achievements = ACHIEVEMENTS.map((def): CatalogueEntry => {
    const common = {
      id: def.id,
      group: def.group,
      level: def.level,
      points: def.points,
      rarity: def.rarity,
      tags: def.tags,
      icon: achievementIcon(def),
      name: t(`achievements.names.${def.id}`),
      rarityName: t(`achievements.rarity.${def.rarity}`),
      isHidden: def.isHidden,
    };
    if (def.isHidden) return { ...common, acquisition: null, requires: null, goal: null, condition: null };
    const { key, values } = conditionOf(def);
    const shown = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'number' ? numbers.format(v) : v]));
    return { ...common, acquisition: def.acquisition, requires: def.requires ?? null, goal: def.goal, condition: t(`achievements.conditions.${key}`, shown) };
  });
  return { language, achievements };
}
