// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { applyBackup, BACKUP_FORMAT, collectBackup, describeImport, parseBackup } from './backup';
import { clearHistory, history, recordVisit } from './history';
import { DEFAULT_FLAGS, localFlags } from './localFlags';
import { preferences } from './preferences';
import { templates, type Template } from './templates';
import type { JudgeAction } from '@shared/judgement';
import { DEFAULT_VOICE, voice } from './voice';
import { addCards, commitWorkflow, emptyWorkflow, moveColumn, setRemark, workflow } from './workflow';

const template = (title: string, action?: JudgeAction): Template => ({ id: title, title, content: `${title} text`, ...(action ? { action } : {}), createTime: 1, updateTime: 2 });

beforeEach(() => {
  Object.assign(localFlags, DEFAULT_FLAGS);
  Object.assign(voice, DEFAULT_VOICE);
  Object.assign(preferences, { theme: 'lightness', textSize: 'default', language: null, desktopNotification: false });
  clearHistory();
  collectBackup(); // loads the templates
  templates.fastReply = [];
  templates.judgement = [];
});

describe('the local data file', () => {
  it('round-trips every local setting, template and the history', () => {
    localFlags.footerBar = false;
    voice.volume = 35;
    preferences.theme = 'dark';
    recordVisit(11, 1000);
    recordVisit(12, 2000);
    templates.fastReply = [template('Thanks')];
    templates.judgement = [template('Aimbot', 'kill')];
    const file = JSON.stringify(collectBackup(new Date('2026-01-02T03:04:05Z')));

    Object.assign(localFlags, DEFAULT_FLAGS);
    voice.volume = 60;
    preferences.theme = 'pink';
    clearHistory();
    templates.fastReply = [];
    templates.judgement = [];

    const parsed = parseBackup(file);
    if (!parsed.ok) throw new Error(parsed.problem);
    applyBackup(parsed.backup);
    expect(localFlags.footerBar).toBe(false);
    expect(voice.volume).toBe(35);
    expect(preferences.theme).toBe('dark');
    expect(history.list).toEqual([
      { id: 12, time: 2000 },
      { id: 11, time: 1000 },
    ]);
    expect(templates.fastReply.map((t) => t.title)).toEqual(['Thanks']);
    expect(templates.judgement.map((t) => [t.title, t.action])).toEqual([['Aimbot', 'kill']]);
  });

  it('says what an import will replace', () => {
    recordVisit(1, 1);
    templates.fastReply = [template('A'), template('B')];
    const file = { ...collectBackup(), history: [], templates: { fastReply: [template('C')], judgement: [] } };
    file.flags = { ...file.flags, voice: true };
    const changes = Object.fromEntries(describeImport(file).map((c) => [c.part, c]));
    expect(changes.history).toMatchObject({ current: 1, incoming: 0, changed: true });
    expect(changes.fastReply).toMatchObject({ current: 2, incoming: 1, changed: true });
    expect(changes.judgement).toMatchObject({ current: 0, incoming: 0, changed: false });
    expect(changes.flags).toMatchObject({ current: 1, changed: true });
    expect(changes.voice!.changed).toBe(false);
  });

  it('carries the workflow board (version 2), and still imports version 1 files without touching the board', () => {
    const board = setRemark(moveColumn(addCards(emptyWorkflow(), [{ id: 7, name: 'Sneaky', personaId: '77', games: ['bfv'], status: 5, updateTime: null }], 100).state, 5, 0), 7, 'ask for a video', 200);
    commitWorkflow(board);
    const file = collectBackup();
    expect(file.version).toBe(2);
    commitWorkflow(emptyWorkflow());
    const changes = Object.fromEntries(describeImport(file).map((c) => [c.part, c]));
    expect(changes.workflow).toMatchObject({ current: 0, incoming: 1, changed: true });
    const parsed = parseBackup(JSON.stringify(file));
    if (!parsed.ok) throw new Error(parsed.problem);
    applyBackup(parsed.backup);
    expect(workflow.columns[0]).toEqual({ status: 5, cards: [7] });
    expect(workflow.meta[7]!.remark).toBe('ask for a video');

    const { workflow: _board, ...old } = { ...file, version: 1 };
    const v1 = parseBackup(JSON.stringify(old));
    if (!v1.ok) throw new Error(v1.problem);
    expect(describeImport(v1.backup).map((c) => c.part)).not.toContain('workflow');
    applyBackup(v1.backup);
    expect(workflow.cards[7]!.name).toBe('Sneaky');
    const broken = { ...file, workflow: { ...file.workflow, settings: { ...file.workflow!.settings, onStatusChange: 'explode' } } };
    expect(parseBackup(JSON.stringify(broken))).toMatchObject({ ok: false, problem: 'invalid', detail: 'workflow.settings.onStatusChange' });
  });

  it('refuses bad files clearly', () => {
    const good = collectBackup();
    expect(parseBackup('not json')).toEqual({ ok: false, problem: 'notJson' });
    expect(parseBackup('{"hello":1}')).toEqual({ ok: false, problem: 'notBackup' });
    expect(parseBackup(JSON.stringify({ ...good, version: 3 }))).toEqual({ ok: false, problem: 'newerVersion' });
    expect(parseBackup(JSON.stringify({ ...good, history: [{ id: -1, time: 0 }] }))).toEqual({ ok: false, problem: 'invalid', detail: 'history.0.id' });
    expect(parseBackup(JSON.stringify({ ...good, preferences: { ...good.preferences, theme: 'neon' } }))).toMatchObject({ problem: 'invalid', detail: 'preferences.theme' });
    const dupes = { ...good, templates: { fastReply: [template('Same'), template('same')], judgement: [] } };
    expect(parseBackup(JSON.stringify(dupes))).toMatchObject({ problem: 'invalid', detail: 'templates.fastReply' });
    const noAction = { ...good, templates: { fastReply: [], judgement: [template('Verdict')] } };
    expect(parseBackup(JSON.stringify(noAction))).toMatchObject({ problem: 'invalid', detail: 'templates.judgement.0.action' });
    expect(parseBackup('x'.repeat(2 * 1024 * 1024))).toEqual({ ok: false, problem: 'tooBig' });
    expect(parseBackup(JSON.stringify(good))).toMatchObject({ ok: true, backup: { format: BACKUP_FORMAT } });
  });

  it('changes nothing when a file is refused', () => {
    recordVisit(5, 5);
    const before = JSON.stringify(collectBackup(new Date(0)));
    const parsed = parseBackup(JSON.stringify({ ...collectBackup(), flags: { voice: 'loud' } }));
    expect(parsed.ok).toBe(false);
    expect(JSON.stringify(collectBackup(new Date(0)))).toBe(before);
  });
});
