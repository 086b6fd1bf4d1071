import { api } from './client';

/** GET /user/achievements: the original's shape, plus what the owner may claim now. */
export interface AchievementsOfUser {
  userId: number;
  username: string;
  userAvatar: string;
  userAchievementExp: number;
  isPublicAchievement: boolean;
  achievements: Array<{ name: string; acquisitionTime: string; points: number }>;
  claimable: string[];
}

export const getAchievements = (signal?: AbortSignal) => api.get<AchievementsOfUser>('/user/achievements', undefined, { signal, fresh: true });

export const claimAchievement = (id: string) => api.post<{ id: string; acquisitionTime: string; points: number }>('/user/achievement', { id });
