import type { Tool, ToolFilter, ToolState, ToolSubmission, ToolWithReview } from '@shared/schemas/tools';
import { api } from './client';

/** The tools directory: the public list, a member's submissions, and the staff review. */
export const getTools = (tag: ToolFilter, skip: number, limit: number, signal?: AbortSignal) => api.getList<Tool>('/tools', { tag, skip, limit }, { signal });
export const getMyTools = (signal?: AbortSignal) => api.getList<ToolWithReview>('/tools/mine', { skip: 0, limit: 50 }, { signal, fresh: true });
export const submitTool = (data: ToolSubmission) => api.post<ToolWithReview>('/tools/submit', { data });

export const getStaffTools = (status: ToolState | 'all', skip: number, limit: number, signal?: AbortSignal) =>
  api.getList<ToolWithReview>('/admin/tools', { status, skip, limit }, { signal, fresh: true });
export const reviewTool = (id: number, action: 'approve' | 'reject', reason?: string) => api.post<ToolWithReview>('/admin/tools/review', { data: { id, action, reason } });
export const setToolHot = (id: number, hot: boolean) => api.post<ToolWithReview>('/admin/tools/set', { data: { id, hot } });
export const deleteTool = (id: number) => api.post<{ id: number; deleted: true }>('/admin/tools/set', { data: { id, delete: true } });
