import { describe, expect, it } from 'vitest';
import { namesMatch } from './identification-evidence.service.ts';

describe('the name an identification must match', () => {
  const account = { firstName: 'Anne-Marie', lastName: 'Müller' };

  it('ignores case, accents, ß and the spacing of hyphens and apostrophes', () => {
    expect(namesMatch(account, { firstName: 'ANNE MARIE', lastName: 'muller' })).toBe(true);
    expect(
      namesMatch({ firstName: 'Zoë', lastName: "O'Neil" }, { firstName: 'Zoe', lastName: 'O’Neil' }),
    ).toBe(true);
    expect(
      namesMatch({ firstName: 'Jörg', lastName: 'Strauß' }, { firstName: 'jorg', lastName: 'STRAUSS' }),
    ).toBe(true);
    expect(
      namesMatch({ firstName: 'Ada ', lastName: 'Muster' }, { firstName: 'Ada', lastName: '  Muster' }),
    ).toBe(true);
  });

  it('compares first with first and last with last, each whole', () => {
    expect(namesMatch(account, { firstName: 'Müller', lastName: 'Anne-Marie' })).toBe(false);
    expect(namesMatch(account, { firstName: 'Anne', lastName: 'Müller' })).toBe(false);
    expect(namesMatch(account, { firstName: 'Anne-Marie', lastName: 'Müller-Frei' })).toBe(false);
  });
});
