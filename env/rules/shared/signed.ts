/** A modifier with its sign: "+1", "-2", "+0". */
export const signed = (n: number): string => (n >= 0 ? `+${n}` : `${n}`)
