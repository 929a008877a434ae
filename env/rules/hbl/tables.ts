// Hell Broke Loose data tables. The seed (three play-test posts, 15/18/31 January
// 2013) prints only the factors its examples use; the Up/Down table, the melee
// table, the deck lists, shooting ranges, unit lists and victory were images or
// earlier posts that did not survive. Every number lives here as data; the ones
// the posts do not print are marked `reconstructed` with a one-line rationale,
// and every table can be replaced through scenario.tables (same shape; see
// docs/rules/hbl.md). Distances are hexes of 2 inches.

/** The die ladder of the Up/Down shifts ("Ups and Downs effect die in the range D4 to D12"). */
export const DIE_LADDER = [4, 6, 8, 10, 12] as const
export type DieSides = (typeof DIE_LADDER)[number]
/** "12 is the maximum result (you can't score 14)". */
export const MAX_RESULT = 12

/** Card types of the sequence deck (15 January post; reload name reconstructed). */
export const CARD_TYPES = [
  'march',
  'cavalry-march',
  'melee',
  'group-melee',
  'command',
  'lull',
  'army-morale',
  'formation-change',
  'artillery-action',
  'reload',
] as const
export type CardType = (typeof CARD_TYPES)[number]

export const DECK = {
  reconstructed: true,
  rationale:
    'The posts give "29 or more cards" and "only two March cards" for the Imperials; 30 cards with 3 March is a plain Piquet mix (the inventory\'s 3.6 proposal), and a scenario sets each army\'s own deck in rules.decks.',
  cards: { march: 3, 'cavalry-march': 3, melee: 6, 'group-melee': 2, command: 4, lull: 3, 'army-morale': 2, 'formation-change': 3, 'artillery-action': 2, reload: 2 },
} as const satisfies { reconstructed: boolean; rationale: string; cards: Record<CardType, number> }

/** March activation (15 January post): command die vs "D8 opposition die (always D8 Vs movement)". */
export const MARCH = {
  opposition: 8,
  /** A 1 on the command die: "will not activate on this card". */
  failFace: 1,
  /** Moves by outcome: less, equal, more, "more and triple". */
  movesLess: 1,
  movesEqual: 1,
  movesMore: 2,
  movesTriple: 3,
  /** "triple": command roll >= 3 x the D8 roll (8 v 2 is triple, 10 v 4 is not). */
  tripleFactor: 3,
  reconstructed: ['movesEqual', 'tripleFactor'],
  rationale: 'Equality is never shown: it is read as not "more than" (1 move); "triple" is read as at least three times the D8, which fits every roll of the example (8:2 three moves; 10:4, 9:7, 8:3, 7:4, 6:5 two).',
} as const

/** Melee result bands by pip difference (18 January examples; the table image is lost). */
export const MELEE_BANDS = {
  reconstructed: true,
  rationale: 'Recovered from the three combat examples: 0 hard fought no advantage, 1-2 hard fought marginal, 3-5 decisive marginal (push back), 6+ decisive routed; the 31 January Fierce rule names the 1-2 and 3-5 bands.',
  marginalMin: 1,
  decisiveMin: 3,
  routMin: 6,
  /** "The loser takes 1 UI loss for each three pips difference." */
  pipsPerUi: 3,
} as const

/**
 * The Up/Down melee factors, each with its shift. Those the examples use are printed; the
 * conditions (who counts as "superior weapon", armour levels) are our reading of the examples.
 */
export const MELEE_FACTORS = {
  initiating: 1,
  followingUp: 1,
  formedCavalryTypeI: 1,
  closeFormedTypeI: 1,
  pikeFrontal: 1,
  superiorArmour: 1,
  superiorWeapon: 1,
  flanking: 1,
  fullyArmoured: -1,
  flanked: -1,
  frontalPike: -1,
  vexed: -1,
  /** Down 1 per UI lost beyond the stubborn UI ("Stubborn UI ... are 'free'"). */
  perUiLost: -1,
} as const
export type MeleeFactor = keyof typeof MELEE_FACTORS

/** Which weapon is superior to which (pike vs cavalry lance in Combat 2; lance vs javelin in the sequence post). */
export const SUPERIOR_WEAPON = {
  reconstructed: true,
  rationale: 'Combat 2 gives pike over lance (vs cavalry), the sequence post lance over the Genitors\' javelins; Combat 1 (lance v lance) and Combat 3 (pike v pike) give none.',
  beats: { pike: ['lance', 'javelin', 'sword'], lance: ['javelin', 'sword', 'shot'], javelin: [], sword: ['shot'], shot: [], gun: [] },
} as const

/** Shooting (15 and 18 January posts): factors printed, ranges reconstructed. */
export const SHOOTING = {
  factors: { closeRange: 2, longRange: -1, vsPike: 2, vsDeep: 1, vsFlank: 1, vsFriends: -1 },
  /** Ranges in hexes (distance, so adjacent = 1), per weapon: [close max, long max]. */
  ranges: { gun: [7, 15], shot: [2, 4] },
  /** Pips of difference that cost a moving target one move ("7 pips difference results in one move lost"). */
  moveLossPips: 6,
  reconstructed: ['ranges', 'moveLossPips'],
  rationale: 'The posts name close and long range but never their lengths: the gun\'s close range (14") is the least that puts Combat 3\'s gun at close range both of the Swiss at the start of their 10" advance and of their flank at its end, long 30"; shot 4"/8"; a move is lost from 6 pips (the rout band), which the 7-pip example reaches.',
} as const

/** Rally on a Command card (18 January Combat 2, 15 January post). */
export const RALLY = {
  opposition: 8,
  factors: { attachedOfficer: 1, inContact: -1 },
  /** Shift by the unit's defence die: "Up 1 for the unit having a D8 Defence Die". */
  byDefenceDie: { 4: -1, 6: 0, 8: 1, 10: 1, 12: 1 },
  pipsPerUi: 3,
  chipPerUi: 1,
  /** Pips a routed unit needs to stop routing (back to vexed). */
  routRallyPips: 3,
  reconstructed: ['byDefenceDie.4', 'byDefenceDie.10', 'byDefenceDie.12', 'routRallyPips'],
  rationale: 'Only the D8 Up is printed; D4 (tardy troops) Down 1 and D10+ like D8 complete the row. Routed units are not covered: 3 pips (one UI\'s worth) rallies them.',
} as const

/** Movement and routs at 2 inches a hex. */
export const MOVEMENT = {
  /** Hexes per move = DD / 2 ("move their Defence Die in inches"). */
  inchesPerHex: 2,
  /** Rout 12" = 6 hexes. */
  routHexes: 6,
  /** Push back 3" and close-skirmish gaps of 1"/3": one hex. */
  pushBackHexes: 1,
} as const

/** Terrain types: I open, II broken (slows nothing but is "new terrain", no formed bonus), III blocks. */
export const TERRAIN = {
  reconstructed: true,
  rationale: 'The posts use type I (open; formed bonuses) and type III (blocks a push back); type II is read as broken ground and gentle slopes, where formed and close-formed troops lose their type I Up and moves stop on entering.',
  types: {
    open: { type: 1, passable: true },
    hill: { type: 2, passable: true },
    broken: { type: 2, passable: true },
    vineyard: { type: 2, passable: true },
    woods: { type: 3, passable: false },
    water: { type: 3, passable: false },
  },
  /** Hexside features: a ditch and parapet is type III for push backs and stops a move that crosses it. */
  hexsides: { ditch: { type: 3, crossable: true } },
} as const

/** A unit type: the posts' troop classes (A-D give CD 12/10/8/6) and statuses. */
export interface UnitType {
  readonly name: string
  readonly arm: 'cav' | 'inf' | 'art'
  readonly cd: DieSides
  readonly dd: DieSides
  readonly ui: number
  readonly stubborn: number
  readonly fierce: boolean
  /** formed (cavalry), close (close formed infantry), skirmish (dispersed cavalry), loose, gun. */
  readonly formation: 'formed' | 'close' | 'skirmish' | 'loose' | 'gun'
  readonly pike: boolean
  readonly deep: boolean
  /** 0 none, 1 partial, 2 "fully armoured". */
  readonly armour: 0 | 1 | 2
  readonly weapon: 'pike' | 'lance' | 'javelin' | 'sword' | 'shot' | 'gun'
  /** Shooting weapon, if any. */
  readonly shoots: 'gun' | 'shot' | null
}

export const UNIT_TYPES = {
  reconstructed: ['arquebusiers', 'colunela.ui', 'gascons', 'light-cavalry', 'mounted-arquebus', 'artillery.ui', 'genitors.ui', 'landsknechts-small'],
  rationale: 'CD/DD/UI as printed for Lance Spezzate, archer cavalry, Gendarmes, Landsknechts, Swiss, artillery (CD/DD), Genitors (CD, DD 6); the rest are estimates from the class ladder (A 12, B 10, C 8, D 6) and the stand counts.',
  types: {
    gendarmes: { name: 'Gendarmes (A, Fierce)', arm: 'cav', cd: 12, dd: 8, ui: 4, stubborn: 0, fierce: true, formation: 'formed', pike: false, deep: false, armour: 2, weapon: 'lance', shoots: null },
    'lance-spezzate': { name: 'Lance Spezzate (B, Fierce)', arm: 'cav', cd: 10, dd: 8, ui: 4, stubborn: 0, fierce: true, formation: 'formed', pike: false, deep: false, armour: 2, weapon: 'lance', shoots: null },
    'archer-cavalry': { name: "French 'archer' cavalry (C)", arm: 'cav', cd: 8, dd: 6, ui: 4, stubborn: 0, fierce: false, formation: 'formed', pike: false, deep: false, armour: 1, weapon: 'lance', shoots: null },
    'light-cavalry': { name: 'Light cavalry (C)', arm: 'cav', cd: 8, dd: 6, ui: 4, stubborn: 0, fierce: false, formation: 'formed', pike: false, deep: false, armour: 0, weapon: 'lance', shoots: null },
    genitors: { name: 'Genitors / Stradiotti (C, skirmish cavalry)', arm: 'cav', cd: 8, dd: 6, ui: 4, stubborn: 0, fierce: false, formation: 'skirmish', pike: false, deep: false, armour: 0, weapon: 'javelin', shoots: null },
    'mounted-arquebus': { name: 'Mounted arquebus (C)', arm: 'cav', cd: 6, dd: 6, ui: 3, stubborn: 0, fierce: false, formation: 'skirmish', pike: false, deep: false, armour: 0, weapon: 'shot', shoots: 'shot' },
    'swiss-pike': { name: 'Swiss pike, 18 stands (A, Fierce)', arm: 'inf', cd: 12, dd: 8, ui: 10, stubborn: 6, fierce: true, formation: 'close', pike: true, deep: false, armour: 1, weapon: 'pike', shoots: null },
    landsknechts: { name: 'Landsknecht pike, 12 stands (B)', arm: 'inf', cd: 10, dd: 8, ui: 8, stubborn: 4, fierce: false, formation: 'close', pike: true, deep: false, armour: 1, weapon: 'pike', shoots: null },
    'landsknechts-small': { name: 'Landsknecht pike, small block (B)', arm: 'inf', cd: 10, dd: 8, ui: 6, stubborn: 2, fierce: false, formation: 'close', pike: true, deep: false, armour: 1, weapon: 'pike', shoots: null },
    colunela: { name: 'Spanish Colunela (C, veteran)', arm: 'inf', cd: 8, dd: 8, ui: 6, stubborn: 2, fierce: false, formation: 'close', pike: false, deep: true, armour: 1, weapon: 'pike', shoots: 'shot' },
    arquebusiers: { name: 'Arquebusiers (C)', arm: 'inf', cd: 6, dd: 6, ui: 4, stubborn: 0, fierce: false, formation: 'loose', pike: false, deep: false, armour: 0, weapon: 'shot', shoots: 'shot' },
    gascons: { name: 'Gascon foot (C, tardy)', arm: 'inf', cd: 8, dd: 4, ui: 6, stubborn: 0, fierce: false, formation: 'close', pike: false, deep: false, armour: 0, weapon: 'sword', shoots: 'shot' },
    artillery: { name: 'Artillery (D)', arm: 'art', cd: 6, dd: 4, ui: 2, stubborn: 0, fierce: false, formation: 'gun', pike: false, deep: false, armour: 0, weapon: 'gun', shoots: 'gun' },
  } satisfies Record<string, UnitType>,
} as const

/** Morale chips, army morale and victory. */
export const ARMY = {
  reconstructed: true,
  rationale: 'Chip pools, the army break and victory are not in the posts: each army starts with chips equal to its total UI (a Piquet habit), an Army Morale card breaks an army with no chips left, and at the turn cap the side that lost the smaller share of its chips wins.',
  /** Chips per UI of the army at the start. */
  chipsPerUi: 1,
  /** Army die when the scenario gives none ("D8 - D12 range"; both D10 in the test game). */
  armyDie: 10,
  /** Commander quality when the leader's rating is not a die size. */
  commanderDie: 10,
  /** Share of lost chips within which the turn-cap result is a draw. */
  drawMargin: 0.05,
} as const

/** Safety caps that keep a game finite whatever the dice. */
export const LIMITS = {
  reconstructed: true,
  rationale: 'A turn ends when both decks are spent (the posts only end it on equal initiative rolls); a side whose deck is empty forfeits its pips.',
} as const
