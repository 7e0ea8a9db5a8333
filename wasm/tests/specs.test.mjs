// The walk test, JavaScript's door: every option of a spec JavaScript takes (`specs()`, the
// table `cardtree bridge lead` derives its flags from) is a field in camelCase, and every
// limit is refused by an Error naming the field as JavaScript spells it (never a flag, never
// a caret).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ct } from './pkg.mjs';

const camel = (name) => name.replace(/_([a-z])/g, (_, c) => c.toUpperCase());

// Each command JavaScript offers, made from an object of options: the quick options.
const DOORS = {
  'bridge lead': [(o) => new ct.LeadAdvisor(o), { hand: 'KQT2.853.AJ9.742', contract: '3NT', samples: 1 }],
  'blackjack ev': [(o) => ct.blackjackEv(o), {}],
  'blackjack strategy': [(o) => ct.blackjackStrategy(o), {}],
};

for (const command of Object.keys(DOORS)) test(`every option of ${command} is a field, refused by its camelCase name`, () => {
  const spec = ct.specs().find((s) => s.command === command);
  assert.ok(spec, `${command}'s spec is listed`);
  const [make, quick] = DOORS[command];
  for (const o of spec.options) {
    const field = camel(o.name);
    assert.ok(o.doc, o.name);
    let bad = [];
    if (o.kind === 'whole') bad = [o.min > 0 ? o.min - 1 : -1, 0.5, 2 ** 60, 'x'];
    else if (o.kind === 'real') bad = [NaN, o.min - 0.5, 'x'];
    else if (o.kind === 'choice') bad = ['nonesuch', 3];
    else if (o.kind === 'text') bad = ['\u0007?', 7];
    else if (o.kind === 'flag') bad = ['yes', 1];
    for (const value of bad) {
      assert.throws(() => make({ ...quick, [field]: value }), (e) => {
        assert.ok(e.message.startsWith(`${field}: `), `${field}=${value}: ${e.message}`);
        assert.ok(!e.message.includes('--') && !e.message.includes('^'), e.message);
        return true;
      });
    }
    if (o.kind === 'choice') for (const name of o.choices) make({ ...quick, [field]: name });
    if (o.required) {
      const without = { ...quick };
      delete without[field];
      assert.throws(() => make(without), (e) => e.message === `${field}: is needed`);
    }
  }
});

test('a field that is no option, and the lead advisor\'s own checks', () => {
  const [make, quick] = DOORS['bridge lead'];
  assert.throws(() => make({ ...quick, max_tries: 5 }), (e) => /"max_tries" is not one of .*maxTries/.test(e.message));
  assert.throws(() => make({ hand: 'KQT2.853.AJ9.74', contract: '3NT' }),
    (e) => e.message === 'hand: has 12 cards, want 13');
  make({ ...quick, maxTries: 5000, tableMib: 2, seat: 'W' });
});
