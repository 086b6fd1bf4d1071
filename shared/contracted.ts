import { PRIVILEGES, type Privilege } from './privileges';

/**
 * Contracted syntax: brace tokens written in user text as `{type:value}`, which
 * readers see expanded. The editor inserts them as `<span data-cs-type data-cs-value>` holding the
 * same token as text, so clients that read raw HTML still see what was meant.
 */
export const CONTRACTED_TYPES = ['floor', 'player', 'user', 'router', 'privilege', 'signature', 'icon'] as const;
export type ContractedType = (typeof CONTRACTED_TYPES)[number];

/** The types the editor's dialog offers; floors are quoted from the share popup. */
export const EDITOR_CONTRACTED_TYPES = ['signature', 'player', 'icon', 'router', 'user', 'privilege'] as const satisfies readonly ContractedType[];

export const SIGNATURE_MAX = 40;
export const ROUTER_PATH_MAX = 100;

const ID = /^[1-9]\d{0,9}$/;
const PERSONA = /^\d{1,20}$/;
/** An in-app path: one leading slash (not two, which would leave the site), URL-safe characters. */
const ROUTER_PATH = new RegExp(`^/(?!/)[A-Za-z0-9\\-._~/?=&%#+:]{0,${ROUTER_PATH_MAX - 1}}$`);
const ICON = /^[A-Za-z]{1,24}$/;

const isPrivilege = (value: string): value is Privilege => (PRIVILEGES as readonly string[]).includes(value);

/** Whether `value` is a well-formed value for a token of `type` (icons are checked against the icon set by the renderer). */
export function isContractedValue(type: ContractedType, value: string): boolean {
  switch (type) {
    case 'floor':
    case 'user':
      return ID.test(value);
    case 'player':
      return PERSONA.test(value);
    case 'router':
      return ROUTER_PATH.test(value);
    case 'privilege':
      return isPrivilege(value);
    case 'signature':
      return value.trim() === value && value.length > 0 && value.length <= SIGNATURE_MAX && !/[{}\r\n]/.test(value);
    case 'icon':
      return ICON.test(value);
  }
}

export const isContractedType = (type: string): type is ContractedType => (CONTRACTED_TYPES as readonly string[]).includes(type);

/** The text form of a token: `{privilege:admin}`. */
export const contractedText = (type: ContractedType, value: string) => `{${type}:${value}}`;
