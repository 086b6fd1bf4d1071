import { describe, expect, it } from 'vitest';
import { deleteTemplate, parseTemplates, saveTemplate, TEMPLATE_LIMITS, templateProblems, type Template } from './templates';

const make = (n: number, over: Partial<Template> = {}): Template[] =>
  Array.from({ length: n }, (_, i) => ({ id: `t${i}`, title: `Title ${i}`, content: `Text ${i}`, createTime: i, updateTime: i, ...over }));

describe('template limits', () => {
  it('are the limits of reply templates: 10 templates, titles of 100, texts of 500', () => {
    expect(TEMPLATE_LIMITS).toEqual({ count: 10, titleMax: 100, contentMax: 500 });
  });

  it('need a title and a text', () => {
    expect(templateProblems('fastReply', [], { title: ' ', content: '' })).toEqual({ title: 'titleRequired', content: 'contentRequired' });
    expect(templateProblems('fastReply', [], { title: 'Hello', content: 'Thanks for the report.' })).toEqual({});
  });

  it('keep titles to 100 characters and texts to 500', () => {
    expect(templateProblems('fastReply', [], { title: 'x'.repeat(100), content: 'y'.repeat(500) })).toEqual({});
    expect(templateProblems('fastReply', [], { title: 'x'.repeat(101), content: 'y'.repeat(501) })).toEqual({ title: 'titleTooLong', content: 'contentTooLong' });
  });

  it('want unique titles, whatever the case and spaces', () => {
    const list = make(2);
    expect(templateProblems('fastReply', list, { title: ' title 1 ', content: 'x' })).toEqual({ title: 'titleTaken' });
    // Editing a template may keep its own title.
    expect(templateProblems('fastReply', list, { title: 'Title 1', content: 'x' }, 't1')).toEqual({});
    expect(templateProblems('fastReply', list, { title: 'Title 0', content: 'x' }, 't1')).toEqual({ title: 'titleTaken' });
  });

  it('allow 10 templates at most, while the ones there may still be edited', () => {
    expect(templateProblems('fastReply', make(9), { title: 'New', content: 'x' })).toEqual({});
    expect(templateProblems('fastReply', make(10), { title: 'New', content: 'x' })).toEqual({ form: 'tooMany' });
    expect(templateProblems('fastReply', make(10), { title: 'Title 3', content: 'changed' }, 't3')).toEqual({});
  });

  it('make judgement templates pick an action', () => {
    expect(templateProblems('judgement', [], { title: 'Walls', content: 'x' })).toEqual({ action: 'actionRequired' });
    expect(templateProblems('judgement', [], { title: 'Walls', content: 'x', action: 'guilt' })).toEqual({});
  });
});

describe('saveTemplate', () => {
  it('adds a template, trimmed, with its times and language', () => {
    const result = saveTemplate('fastReply', [], { title: '  Thanks ', content: ' Thank you. ' }, { now: 1000, language: 'en-US' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.list).toHaveLength(1);
    expect(result.list[0]).toMatchObject({ title: 'Thanks', content: 'Thank you.', createTime: 1000, updateTime: 1000, language: 'en-US' });
    expect(result.list[0]).not.toHaveProperty('action');
  });

  it('replaces the template being edited, keeping its id and creation time', () => {
    const result = saveTemplate('judgement', make(2, { action: 'guilt' }), { title: 'Renamed', content: 'New text', action: 'invalid' }, { editingId: 't1', now: 50 });
    expect(result.ok && result.list[1]).toEqual({ id: 't1', title: 'Renamed', content: 'New text', action: 'invalid', createTime: 1, updateTime: 50 });
  });

  it('refuses an eleventh template, and says why', () => {
    expect(saveTemplate('fastReply', make(10), { title: 'Eleventh', content: 'x' })).toEqual({ ok: false, problems: { form: 'tooMany' } });
  });

  it('deletes by id', () => {
    expect(deleteTemplate(make(3), 't1').map((t) => t.id)).toEqual(['t0', 't2']);
  });
});

describe('parseTemplates', () => {
  it('reads a saved list', () => {
    const list = make(3);
    expect(parseTemplates('fastReply', JSON.stringify(list))).toEqual(list);
  });

  it('drops damaged entries, repeated titles and anything past ten', () => {
    expect(parseTemplates('fastReply', '{broken')).toEqual([]);
    expect(parseTemplates('fastReply', '{"a":1}')).toEqual([]);
    const saved = [...make(2), { id: 'x', title: 'TITLE 0', content: 'dup', createTime: 0, updateTime: 0 }, { id: 'y' }, ...make(12).map((t) => ({ ...t, id: `more${t.id}`, title: `More ${t.title}` }))];
    const parsed = parseTemplates('fastReply', JSON.stringify(saved));
    expect(parsed).toHaveLength(10);
    expect(parsed.map((t) => t.id).slice(0, 3)).toEqual(['t0', 't1', 'moret0']);
  });

  it('keeps only judgement templates with a known action', () => {
    const saved = [...make(1, { action: 'guilt' }), { ...make(1)[0], id: 'bad', title: 'No action' }, { ...make(1)[0], id: 'odd', title: 'Odd', action: 'ban' }];
    expect(parseTemplates('judgement', JSON.stringify(saved)).map((t) => t.id)).toEqual(['t0']);
  });
});
