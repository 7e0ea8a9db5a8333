// The page in a real browser (headless Chromium): a deal entered and its table read off the
// page and compared with DDS's; a hand played a card at a time; a bad deal's error; a PBN file
// loaded and downloaded back with its tags (the command line's bytes); the lead advisor; a played
// record judged, replayed and judged single dummy; a Poker
// Squares game played to the end; a Blackjack chart and an action's values. Screenshots of each
// tool go to web/tests/screenshots/ (or $SCREENSHOTS). Hostile input (a PBN file and typed
// fields holding HTML and script) adds no element and runs nothing; the page without its
// package says so.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browser, root, serve, web } from './serve.mjs';

const shots = process.env.SCREENSHOTS || `${root}web/tests/screenshots`;
const vectors = readFileSync(`${root}tests/data/bridge/dd_tables.jsonl`, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
let server;
let chrome;
let page;
const errors = [];

function cli(...args) {
  const path = process.env.CARDTREE || `${root}target/release/cardtree`;
  assert.ok(existsSync(path), `no cardtree binary at ${path}: cargo build --release -p cardtree-host, or set CARDTREE`);
  return execFileSync(path, args, { maxBuffer: 1 << 28 });
}

before(async () => {
  mkdirSync(shots, { recursive: true });
  console.log(`screenshots: ${shots}`);
  server = await serve();
  chrome = await browser();
  // The page opened once in a context of its own first: the browser's own start (its
  // processes, its files from disk) is not the page's. The page below is still a first visit:
  // a new context shares no cache with that one.
  const warm = await chrome.newContext();
  const started = Date.now();
  await (await warm.newPage()).goto(server.url);
  await warm.close();
  console.log(`the browser's first page opened ${Date.now() - started} ms after asking`);
  page = await chrome.newPage({ viewport: { width: 1280, height: 1000 }, acceptDownloads: true });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url);
  // The first table is on the page without a click (the first deal of seed 1).
  await page.waitForSelector('#dd-table td');
  const ms = await page.getAttribute('body', 'data-first-table-ms');
  console.log(`first table on the page ${ms} ms after opening it (from the navigation's start, a first visit in a running browser; at most 1000 is the aim)`);
});

after(async () => {
  await chrome?.close();
  server?.close();
  assert.deepEqual(errors, [], 'errors thrown on the page');
});

/** Whether the element `sel` is wholly within the window as it is scrolled now. */
function onScreen(sel) {
  return page.$eval(sel, (e) => {
    const b = e.getBoundingClientRect();
    return b.height > 0 && b.top >= 0 && b.bottom <= window.innerHeight && b.left >= 0 && b.right <= window.innerWidth;
  });
}

/** The DD table as shown: seat -> strain -> tricks. */
function tableOnPage() {
  return page.$$eval('#dd-table td[data-seat]', (cells) => {
    const out = {};
    for (const c of cells) (out[c.dataset.seat] ??= {})[c.dataset.strain] = Number(c.textContent);
    return out;
  });
}

test('a deal entered shows DDS\'s table and par', async () => {
  for (const v of vectors.slice(0, 3)) {
    await page.fill('#deal-pbn', v.pbn);
    await page.selectOption('#deal-dealer', v.dealer);
    await page.selectOption('#deal-vul', v.vulnerable === 'Both' ? 'All' : v.vulnerable);
    const before = await page.textContent('#dd-time');
    // The deal typed, not yet solved: the results on the page are marked as of the deal before.
    if (await page.$('#dd-table td[data-seat]')) {
      assert.ok(await page.$eval('#deal-results', (e) => e.classList.contains('stale')));
      assert.match(await page.textContent('#deal-stale'), /of the deal before the one typed/);
    }
    // Solve: the old table, par and board go at once, and the table says it is busy.
    const at = await page.evaluate(() => {
      document.querySelector('#deal-solve').click();
      const q = (s) => document.querySelector(s);
      return { cells: q('#dd-table').querySelectorAll('td').length, par: q('#dd-par').textContent,
        board: q('#play-board').children.length, busy: q('#dd-table').getAttribute('aria-busy'),
        stale: q('#deal-results').classList.contains('stale') };
    });
    assert.deepEqual(at, { cells: 0, par: 'Solving…', board: 0, busy: 'true', stale: false });
    // The new table carries the deal and the dealer and vulnerability.
    await page.waitForFunction((t) => document.querySelector('#dd-table').dataset.deal
      && document.querySelector('#dd-time').textContent !== t, before);
    assert.equal(await page.getAttribute('#dd-table', 'aria-busy'), 'false');
    assert.deepEqual(await tableOnPage(), v.dd, `deal ${v.id}`);
    const par = await page.textContent('#dd-par');
    assert.ok(par.includes(`${v.par.score_ns > 0 ? '+' : ''}${v.par.score_ns} for North-South`), par);
    for (const c of v.par.contracts) assert.ok(par.includes(c), `${par} lacks ${c}`);
    // The first contract in words: who plays it, and what it is worth to them.
    assert.match(par, /(North|East|South|West|North-South|East-West) plays? \d (notrump|♠|♥|♦|♣)( doubled)?, (making|going down)|passed out/, par);
  }
});

test('a changed vulnerability works the par out again at once', async () => {
  const parOf = (v, vul) => JSON.parse(cli('bridge', 'table', '--deal', v.pbn, '--dealer', v.dealer,
    '--vulnerable', vul, '--json')).par;
  // A deal of the vectors, not vulnerable, whose par changes with both sides vulnerable.
  const v = vectors.filter((x) => x.vulnerable === 'None').find((x) => parOf(x, 'All').score_ns !== x.par.score_ns);
  const after = parOf(v, 'All');
  const shows = (p) => `${p.score_ns > 0 ? '+' : ''}${p.score_ns} for North-South`;
  await page.fill('#deal-pbn', v.pbn);
  await page.selectOption('#deal-dealer', v.dealer);
  await page.selectOption('#deal-vul', 'None');
  await page.click('#deal-solve');
  await page.waitForSelector(`#dd-table[data-par="${v.dealer}/None"]`);
  assert.ok((await page.textContent('#dd-par')).includes(shows(v.par)));
  // The table's own solve, which the new par does not repeat (the core's par of the table).
  const solved = await page.textContent('#dd-time');
  await page.selectOption('#deal-vul', 'All');
  // The old par is gone at once, and the new one is the command line's.
  assert.ok(!(await page.textContent('#dd-par')).includes(shows(v.par)));
  await page.waitForSelector(`#dd-table[data-par="${v.dealer}/All"]`);
  assert.ok((await page.textContent('#dd-par')).includes(shows(after)), await page.textContent('#dd-par'));
  assert.equal(await page.textContent('#dd-time'), solved);
  assert.equal(new URLSearchParams(await page.evaluate(() => location.hash.slice(1))).get('vul'), 'All');
});

test('a deal clicked card by card into the four hands shows its table', async () => {
  const v = vectors[4];
  const typed = await page.inputValue('#deal-pbn');
  await page.click('#deal-picker summary');
  // The picker opens on the deal on the page; a card moved leaves the typed deal alone.
  await page.waitForFunction(() => document.querySelectorAll('#pick-cards button[data-seat]').length === 52);
  const first = await page.$eval('#pick-cards button[data-seat]', (b) => [b.dataset.card, b.dataset.seat]);
  const other = first[1] === 'N' ? 'E' : 'N';
  await page.check(`input[name=pick-seat][value=${other}]`);
  await page.click(`#pick-cards button[data-card="${first[0]}"]`);
  assert.equal(await page.inputValue('#deal-pbn'), typed);
  assert.match(await page.textContent('#deal-error'), /a deal needs 13 cards in each hand/);
  await page.click('#pick-clear');
  const hands = Object.fromEntries(v.pbn.slice(2).split(' ').map((h, i) => ['NESW'[i], h]));
  for (const [seat, hand] of Object.entries(hands)) {
    await page.check(`input[name=pick-seat][value=${seat}]`);
    for (const [i, ranks] of hand.split('.').entries()) {
      for (const r of ranks) await page.click(`#pick-cards button[data-card="${'SHDC'[i]}${r}"]`);
    }
  }
  await page.waitForSelector(`#play-board[data-deal="${v.pbn}"]`);
  assert.deepEqual(await tableOnPage(), v.dd);
  await page.click('#deal-picker summary');
});

test('a hand played card by card keeps its double-dummy value', async () => {
  const deal = await page.inputValue('#deal-pbn');
  await page.selectOption('#play-strain', 'NT');
  await page.selectOption('#play-leader', 'W');
  await page.waitForSelector(`#play-board[data-deal="${deal}"][data-played="0"] .W.to-play .playable`);
  const best = async () => Math.max(...await page.$$eval('.to-play .playable sub', (s) => s.map((x) => Number(x.textContent))));
  const value = await best();
  // West leads against South's notrump: West's side takes what South does not.
  assert.equal(value, 13 - (await tableOnPage()).S.NT, 'the best lead takes what the table says');
  await page.click('.to-play .playable.best');
  await page.waitForSelector('#play-board[data-played="1"] .N.to-play .playable');
  assert.equal(await best(), 13 - value, 'the reply keeps the value');
  // From the keyboard: a playable card is a button named for its card and value, played
  // with Enter.
  const label = await page.locator('.to-play .playable.best').first().ariaSnapshot();
  assert.match(label.split('\n')[0], /^- '?button "(ace|king|queen|jack|10|[2-9]) of (spades|hearts|diamonds|clubs): \d+ tricks"/);
  await page.focus('.to-play .playable.best');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#play-board[data-played="2"] .E.to-play .playable');
  assert.equal(await best(), value, 'the keyboard\'s card keeps the value too');
  // The trick's fourth card: the record gets its first line, with the winner, and the last
  // trick is shown in the middle until the next card.
  await page.click('.to-play .playable.best');
  await page.waitForSelector('#play-board[data-played="3"] .to-play .playable');
  await page.click('.to-play .playable.best');
  await page.waitForSelector('#play-board[data-played="4"] .to-play .playable');
  const line = await page.textContent('#play-record li');
  assert.match(line, /^W .+ N .+ E .+ S .+ \([NESW]\)$/, line);
  assert.match(await page.textContent('#play-board .trick'), /^last trick, won by [NESW]:/);
  // Undo goes back to the position after the lead, and the record with it.
  for (const played of [3, 2, 1]) {
    await page.click('#play-undo');
    await page.waitForSelector(`#play-board[data-played="${played}"] .to-play .playable`);
  }
  assert.equal(await page.$$eval('#play-record li', (l) => l.length), 0);
  await page.screenshot({ path: `${shots}/bridge.png`, fullPage: true });
});

test('the address holds the deal and the cards played, and opening it restores them', async () => {
  // Where the test before left the play: West's lead, North to play.
  await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get('play')?.split('.').length === 1);
  const address = await page.evaluate(() => location.href);
  const params = new URL(address).hash.slice(1);
  const deal = await page.inputValue('#deal-pbn');
  assert.equal(new URLSearchParams(params).get('deal'), deal);
  const other = await chrome.newPage({ viewport: { width: 1280, height: 1000 } });
  other.on('pageerror', (e) => errors.push(e.message));
  try {
    await other.goto(address);
    await other.waitForSelector(`#play-board[data-deal="${deal}"][data-played="1"] .N.to-play .playable`);
    assert.equal(await other.inputValue('#play-strain'), 'NT');
    assert.equal(await other.inputValue('#play-leader'), 'W');
    const shown = (p) => p.$$eval('.to-play .playable', (c) => c.map((x) => `${x.dataset.card}=${x.textContent}`));
    assert.deepEqual(await shown(other), await shown(page));
    // A card the position does not allow is named, and the play stops before it.
    const bad = new URLSearchParams(params);
    bad.set('play', `${bad.get('play')}.ZZ`);
    await other.goto('about:blank');
    await other.goto(`${server.url}#${bad}`);
    await other.waitForSelector('#play-board[data-played="1"] .N.to-play .playable');
    await other.waitForFunction(() => document.querySelector('#deal-error').textContent.includes("card 2, ZZ, cannot be played"));
    // A deal that does not read, and a vulnerability no select offers: each named, and no
    // table or board of any deal shown.
    await other.goto('about:blank');
    await other.goto(`${server.url}#deal=N:AKQ.T98.765&vul=Sideways`);
    await other.waitForFunction(() => document.querySelector('#deal-error').textContent.length > 0);
    const error = await other.textContent('#deal-error');
    assert.match(error, /^deal: .*; the address's vul, Sideways, is not one of None, NS, EW, All$/, error);
    assert.equal(await other.$$eval('#dd-table td, #play-board .seat', (c) => c.length), 0);
  } finally {
    await other.close();
  }
});

test('a table cell starts play in its contract', async () => {
  // South declaring spades: West leads, and West's cards show the tricks East-West take.
  const tricks = (await tableOnPage()).S.S;
  await page.click('#dd-table td[data-seat="S"][data-strain="S"] button');
  assert.equal(await page.inputValue('#play-strain'), 'S');
  assert.equal(await page.inputValue('#play-leader'), 'W');
  await page.waitForSelector('#play-board[data-played="0"] .W.to-play .playable');
  const best = Math.max(...await page.$$eval('.to-play .playable sub', (s) => s.map((x) => Number(x.textContent))));
  assert.equal(best, 13 - tricks);
  // The contract the table makes: its level from the tricks, what it needs.
  const level = Math.min(7, Math.max(1, tricks - 6));
  assert.equal(await page.inputValue('#play-level'), String(level));
  assert.match(await page.textContent('#play-info'), new RegExp(`^S declares ${level} S, needing ${level + 6} tricks; W to play`));
});

test('a hand played to the end by keyboard alone', async () => {
  await page.focus('#play-reset');
  await page.keyboard.press('Enter');
  // The restart's render has drawn the board (before it, the old board is still there).
  await page.waitForSelector('#play-board[aria-busy="false"][data-played="0"] .to-play .playable');
  // Tab from Restart: Undo, then the first card of the player to move; Enter plays it and the
  // focus moves on to the next player's first card.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  for (let n = 1; n <= 52; n++) {
    const focused = await page.waitForFunction(() => document.activeElement.classList.contains('playable'), null, { timeout: 5000 })
      .then(() => true, () => false);
    assert.ok(focused, `card ${n} has the focus`);
    await page.keyboard.press('Enter');
    await page.waitForSelector(`#play-board[aria-busy="false"][data-played="${n}"]`);
  }
  assert.match(await page.textContent('#play-info'), /^Played out: /);
  assert.equal(await page.$$eval('#play-record li', (l) => l.length), 13);
});

test('the tools\' tabs are reached and switched from the keyboard', async () => {
  const selected = () => page.$$eval('nav [role=tab]', (ts) => ts.map((t) => [t.id, t.getAttribute('aria-selected'), t.tabIndex]));
  await page.focus('#tab-bridge');
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await selected(), [['tab-bridge', 'false', -1], ['tab-pps', 'true', 0], ['tab-blackjack', 'false', -1]]);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-pps');
  assert.ok(await page.isVisible('#pps') && !(await page.isVisible('#bridge')));
  assert.equal(await page.getAttribute('#pps', 'aria-labelledby'), 'tab-pps');
  await page.keyboard.press('End');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-blackjack');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-bridge');
  assert.ok(await page.isVisible('#bridge') && !(await page.isVisible('#blackjack')));
});

test('the whole page fits a 360-pixel phone: no sideways scroll, every tool\'s controls on screen', async () => {
  const phone = await chrome.newPage({ viewport: { width: 360, height: 800 } });
  phone.on('pageerror', (e) => errors.push(e.message));
  await phone.goto(server.url);
  await phone.waitForSelector('.to-play .playable');
  const within = (sel) => phone.$eval(sel, (e) => {
    const b = e.getBoundingClientRect();
    return b.width > 0 && b.left >= 0 && b.right <= 360;
  });
  // Every element on screen, each tool with its results: none reaches past the window's
  // edges (a wide table scrolls inside its own box, which does fit).
  const wider = () => phone.evaluate(() => [...document.querySelectorAll('body *')].filter((e) => {
    const b = e.getBoundingClientRect();
    if (b.width === 0 || b.height === 0) return false;
    for (let p = e.parentElement; p; p = p.parentElement) {
      if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(p).overflowX)) {
        const r = p.getBoundingClientRect();
        if (r.left >= -0.5 && r.right <= innerWidth + 0.5) return false;
      }
    }
    return b.left < -0.5 || b.right > innerWidth + 0.5;
  }).map((e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.className ? `.${e.className}` : ''}`).slice(0, 5));
  // The check sees an element that is too wide.
  await phone.evaluate(() => document.querySelector('main').append(Object.assign(document.createElement('div'), { id: 'too-wide', style: 'width: 400px; height: 1px' })));
  assert.deepEqual(await wider(), ['div#too-wide']);
  await phone.evaluate(() => document.querySelector('#too-wide').remove());
  await phone.click('#tab-blackjack');
  await phone.click('#bj-chart-run');
  await phone.waitForSelector('#bj-chart table', { timeout: 120_000 });
  await phone.click('#bj-actions-run');
  await phone.waitForSelector('#bj-actions caption');
  await phone.click('#tab-pps');
  await phone.click('#pps-suggest');
  await phone.waitForSelector('#pps-grid button.hint');
  for (const tool of ['bridge', 'pps', 'blackjack']) {
    await phone.click(`#tab-${tool}`);
    assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth <= 360), `${tool} scrolls sideways`);
    assert.deepEqual(await wider(), [], `${tool}: elements wider than the phone`);
    await phone.screenshot({ path: `${shots}/phone-${tool}.png` });
  }
  await phone.click('#tab-bridge');
  for (const sel of ['#play-board .E', '#play-undo', '#deal-pbn', '#dd-table']) assert.ok(await within(sel), sel);
  await phone.click('#tab-pps');
  assert.ok(await within('#pps-grid button:nth-child(5)'), 'the fifth Poker Squares column');
  await phone.close();
});

test('a bad deal shows its error on the page', async () => {
  await page.fill('#deal-pbn', 'N:AKQ.T98.765.432 this is not a deal');
  await page.click('#deal-solve');
  await page.waitForFunction(() => document.querySelector('#deal-error').textContent.length > 0);
  const error = await page.textContent('#deal-error');
  assert.match(error, /^deal: /);
  // Nothing of the deal before stays under the error.
  assert.equal(await page.$$eval('#dd-table td', (c) => c.length), 0);
  assert.equal(await page.textContent('#dd-par'), '');
  assert.equal(await page.$$eval('#play-board .seat', (c) => c.length), 0);
  await page.locator('#deal-error').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/bridge-error.png` });
});

test('a PBN file loaded comes back with the tags the command line writes', async () => {
  const path = `${root}tests/data/bridge/session.pbn`;
  await page.setInputFiles('#session-file', path);
  await page.waitForSelector('#session-boards tr[data-board="3"]');
  await page.waitForFunction(() => !document.querySelector('#session-download').disabled);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#session-download')]);
  assert.equal(download.suggestedFilename(), 'session-dd.pbn');
  const got = readFileSync(await download.path());
  assert.deepEqual(got, cli('bridge', 'table', '--pbn', path));
  await page.locator('#session-boards').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/bridge-session.png` });
});

// Markup and script in every field a file or a user gives: each would add an element (or run,
// setting window.pwned) if the page parsed it as HTML.
// (No double quotes: a PBN tag's value ends at one.)
const EVIL = ['<img src=x onerror=window.pwned=1>', '<script>window.pwned=2</script>',
  '<svg onload=window.pwned=3></svg>', '<iframe src=javascript:window.parent.pwned=4></iframe>'];
const EVIL_TAGS = 'main img, main script, main svg, main iframe, main b';

async function injected() {
  return page.evaluate((sel) => ({ elements: document.querySelectorAll(sel).length, pwned: window.pwned ?? null }), EVIL_TAGS);
}

test('the page allows none of its own inline script (the Content Security Policy)', async () => {
  const ran = await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.inlineRan = true';
    document.body.append(s);
    s.remove();
    return window.inlineRan ?? false;
  });
  assert.equal(ran, false, 'an inline script ran: no Content Security Policy');
});

test('a PBN file whose every tag holds HTML and script adds no element and runs nothing', async () => {
  const good = readFileSync(`${root}tests/data/bridge/session.pbn`, 'utf8').split('\n\n')[0];
  // A good board with every free-text tag hostile, then boards whose Board, Dealer,
  // Vulnerable and Deal tags are: each an error quoting the tag.
  const tags = (evil) => good
    .replace(/\[(Event|Site|Date|West|North|East|South|Scoring|Declarer|Contract|Result) "[^"]*"\]/g, `[$1 "${evil}"]`)
    .replace(/\{[^}]*\}/, `{ ${evil} }`);
  const boards = [tags(EVIL[0])];
  for (const [i, evil] of EVIL.entries()) {
    const tag = ['Board', 'Dealer', 'Vulnerable', 'Deal'][i];
    boards.push(tags(evil).replace(new RegExp(`\\[${tag} "[^"]*"\\]`), `[${tag} "${evil}"]`));
  }
  await page.setInputFiles('#session-file', { name: `${EVIL[0]}.pbn`, mimeType: 'text/plain', buffer: Buffer.from(boards.join('\n\n')) });
  await page.waitForFunction(() => document.querySelectorAll('#session-boards tr').length === 6);
  const errors = await page.$$eval('#session-boards td.error', (cells) => cells.map((c) => c.textContent));
  assert.equal(errors.length, 4, `four boards are errors: ${errors.join(' | ')}`);
  // The Board, Dealer and Vulnerable errors quote the tag; the Deal error says where it fails.
  for (const [i, e] of errors.slice(0, 3).entries()) assert.ok(e.includes(EVIL[i]), `the error quotes the tag as text: ${e}`);
  assert.match(errors[3], /Deal: PBN deal: '<' at byte 0/);
  assert.deepEqual(await injected(), { elements: 0, pwned: null });
});

test('typed fields holding HTML and script add no element and run nothing', async () => {
  /** Types `value` into each field of `fields`, clicks `button`, waits for `error` to say something. */
  async function attempt(fields, button, error) {
    for (const [id, value] of Object.entries(fields)) await page.fill(`#${id}`, value);
    await page.$eval(`#${error}`, (e) => { e.textContent = ''; });
    await page.click(`#${button}`);
    await page.waitForFunction((id) => document.getElementById(id).textContent.length > 0, error);
    return page.textContent(`#${error}`);
  }
  assert.match(await attempt({ 'deal-pbn': `N:${EVIL[0]}` }, 'deal-solve', 'deal-error'), /^deal: /);
  assert.match(await attempt({ 'lead-hand': EVIL[1] }, 'lead-run', 'lead-error'), /hand: /);
  const quoted = await attempt({ 'lead-hand': 'KQT2.853.AJ9.742', 'lead-constraints': EVIL[2] }, 'lead-run', 'lead-error');
  assert.ok(quoted.includes(EVIL[2]), `the constraint's error quotes it as text: ${quoted}`);
  await page.fill('#lead-constraints', 'S: 15-17 hcp, 2-4 S, 2-4 H; N: 8-15 hcp');
  await page.click('nav [data-tool=blackjack]');
  await attempt({ 'bj-out': EVIL[3] }, 'bj-actions-run', 'bj-actions-error');
  await attempt({ 'bj-first': EVIL[0], 'bj-out': '' }, 'bj-actions-run', 'bj-actions-error');
  await page.fill('#bj-first', '10');
  await page.click('nav [data-tool=bridge]');
  assert.deepEqual(await injected(), { elements: 0, pwned: null });
  // A good deal again for the tests that follow.
  await page.fill('#deal-pbn', vectors[0].pbn);
  await page.click('#deal-solve');
  await page.waitForFunction(() => document.querySelector('#deal-error').textContent === '');
});

test('the page without its package says so, and does not wait forever', async () => {
  // web/ without pkg/: what a server shows when the package was never built or not deployed.
  const dir = mkdtempSync(join(tmpdir(), 'cardtree-web-'));
  for (const f of readdirSync(web)) if (/\.(html|js|css)$/.test(f)) copyFileSync(join(web, f), join(dir, f));
  const bare = await serve(dir);
  const context = await chrome.newContext();
  try {
    const p = await context.newPage();
    const thrown = [];
    p.on('pageerror', (e) => thrown.push(e.message));
    await p.goto(bare.url);
    await p.waitForSelector('#status.failed', { timeout: 10_000 });
    assert.match(await p.textContent('#status'), /^the solver did not load/);
    await p.waitForFunction(() => document.querySelector('#deal-error').textContent.startsWith('the solver did not load'));
    await p.click('#deal-solve');
    assert.deepEqual(thrown, []);
    await p.screenshot({ path: `${shots}/no-package.png` });
  } finally {
    await context.close();
    bare.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the lead advisor values every lead', async () => {
  await page.fill('#lead-samples', '12');
  await page.click('#lead-run');
  await page.waitForSelector('#lead-cards tr.best');
  const cards = await page.$$eval('#lead-cards tr td:first-child', (c) => c.length);
  assert.equal(cards, 13);
  await page.locator('#lead-cards').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/bridge-lead.png` });
  // A changed option: the cards answered the one before, and go at once.
  await page.fill('#lead-seed', '2');
  assert.equal(await page.$$eval('#lead-cards tr', (r) => r.length), 0);
  // A long run stopped: the button is back, and no cards of the run before are shown.
  await page.fill('#lead-samples', '100000');
  await page.click('#lead-run');
  await page.waitForSelector('#lead-stop:not([disabled])');
  assert.equal(await page.$$eval('#lead-cards tr', (r) => r.length), 0);
  await page.click('#lead-stop');
  await page.waitForSelector('#lead-run:not([disabled])');
  assert.ok(await page.isHidden('#lead-progress'));
  // A bad hand: its error, and nothing under it.
  const hand = await page.inputValue('#lead-hand');
  await page.fill('#lead-hand', 'KQT2.853.AJ9.74');
  await page.fill('#lead-samples', '12');
  await page.click('#lead-run');
  await page.waitForFunction(() => document.querySelector('#lead-error').textContent.startsWith('hand: has 12 cards'));
  assert.ok(await onScreen('#lead-error') && await onScreen('#lead-run'), 'the error is on screen beside its button');
  assert.equal(await page.$$eval('#lead-cards tr', (r) => r.length), 0);
  await page.fill('#lead-hand', hand);
});

test('a played record pasted is judged, replayed card by card, and judged single dummy', async () => {
  const path = `${root}tests/data/bridge/played/quirks.pbn`;
  const want = cli('bridge', 'analyse', '--pbn', path, '--json').toString().trim().split('\n').map((l) => JSON.parse(l));
  const boards = want.filter((x) => !x.error && !x.summary);
  await page.fill('#played-text', readFileSync(path, 'utf8'));
  const started = Date.now();
  await page.click('#played-analyse');
  await page.waitForSelector('#played-cards tr');
  const ms = Date.now() - started;
  console.log(`a played record's ${boards.length} boards judged double dummy on the page in ${ms} ms`);
  assert.ok(ms < 2000, `the trace of a pasted record within 2 s: ${ms} ms`);
  const rows = await page.$$eval('#played-boards tr', (r) => r.length);
  assert.equal(rows, 1 + want.length - 1, 'a row a board, broken ones included');
  const broken = await page.$$eval('#played-boards td.error', (c) => c.map((x) => x.textContent));
  assert.equal(broken.length, want.filter((x) => x.error).length);
  // The replay of the first board: the last value is the command line's.
  const first = boards.find((b) => b.trace);
  const at = await page.textContent('#played-at');
  assert.ok(at.includes(`double dummy ${first.trace[first.trace.length - 1]}`), at);
  await page.click('#played-first');
  assert.match(await page.textContent('#played-at'), new RegExp(`before the opening lead: declarer's tricks double dummy ${first.trace[0]}$`));
  await page.click('#played-next');
  assert.match(await page.textContent('#played-at'), /after card 1 of/);
  assert.equal(await page.$$eval('#played-cards td.current', (c) => c.length), 1);
  await page.fill('#played-samples', '4');
  await page.click('#played-single');
  await page.waitForFunction(() => document.querySelector('#played-summary').textContent.includes('cards judged'));
  assert.match(await page.textContent('#played-summary'), /^single dummy: \d+ cards judged( \(\d+ layouts each\))?: mistakes \d+, unlucky \d+, lucky \d+$/);
  await page.locator('#played-cards').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/bridge-played.png` });
  // Hostile names and notes in a LIN hand show as text.
  const lin = `pn|${EVIL[0]},${EVIL[1]},${EVIL[2]},${EVIL[3]}|md|3SKH4579QKAD69C58K,S569QAH3D5TJQAC69,S47H8TD248KC347QA,|` +
    `ah|${EVIL[0]}|sv|o|mb|p|mb|1S!|an|${EVIL[1]}|mb|p|mb|2S|mb|p|mb|p|mb|p|pc|HA|pc|H3|pc|HT|pc|HJ|nt|${EVIL[2]}|`;
  await page.fill('#played-text', lin);
  await page.click('#played-analyse');
  await page.waitForSelector('#played-cards tr');
  assert.deepEqual(await injected(), { elements: 0, pwned: null });
});

test('the page works offline once loaded, from one build\'s cache', async () => {
  await page.evaluate(() => navigator.serviceWorker.ready);
  const build = readFileSync(`${web}pkg/build.js`, 'utf8').match(/CARDTREE_BUILD = '([0-9a-f]+)'/)[1];
  assert.deepEqual(await page.evaluate(() => caches.keys()), [`cardtree-${build}`]);
  const context = page.context();
  await context.setOffline(true);
  try {
    await page.reload();
    await page.waitForSelector('#dd-table td');
    assert.match(await page.textContent('#status'), /solver ready/);
  } finally {
    await context.setOffline(false);
  }
});

test('a Poker Squares game is played to the end', async () => {
  await page.click('nav [data-tool=pps]');
  await page.selectOption('#pps-player', 'expectimax');
  await page.click('#pps-new');
  await page.click('#pps-suggest');
  await page.waitForSelector('#pps-grid button.hint');
  assert.match(await page.textContent('#pps-hint'), /its row and column gain -?[0-9.]+ in the learned table's values/);
  await page.click('#pps-grid button.hint');
  const placed = () => page.$$eval('#pps-grid button.filled', (b) => b.length);
  // Stop ends self-play: no card is placed after it (the best player: 0.2 s a card).
  await page.selectOption('#pps-player', 'best');
  await page.click('#pps-auto');
  await page.waitForFunction(() => document.querySelectorAll('#pps-grid button.filled').length >= 3);
  await page.click('#pps-stop');
  await page.waitForSelector('#pps-auto:not([disabled])');
  const atStop = await placed();
  await page.waitForTimeout(1500);
  assert.equal(await placed(), atStop, 'no card after Stop');
  // The value beside a suggestion is the command line's for the same grid and card.
  await page.selectOption('#pps-player', 'expectimax');
  await page.click('#pps-suggest');
  await page.waitForSelector('#pps-grid button.hint');
  const hinted = await page.$eval('#pps-hint', (p) => ({ ...p.dataset }));
  const position = await page.$$eval('#pps-grid button', (b) => b.map((x) => x.getAttribute('aria-label').split(': ')[1])
    .map((c) => (c === 'empty' ? '--' : c)).join(' '));
  const values = JSON.parse(cli('pps', 'values', '--grid', position, '--card', hinted.card, '--system', 'american', '--json'));
  assert.equal(values.card, hinted.card);
  assert.equal(values.values[Number(hinted.cell)], Number(hinted.value), `${position}, ${hinted.card}`);
  assert.ok((await page.textContent('#pps-hint')).includes(`gain ${Number(hinted.value).toFixed(1)} in`));
  await page.screenshot({ path: `${shots}/poker-squares-suggestion.png` });
  await page.selectOption('#pps-player', 'best');
  // A new game during self-play ends it: the new game's grid stays empty.
  await page.click('#pps-auto');
  await page.waitForFunction((n) => document.querySelectorAll('#pps-grid button.filled').length > n, atStop);
  await page.click('#pps-new');
  await page.waitForSelector('#pps-auto:not([disabled])');
  await page.waitForTimeout(1500);
  assert.equal(await placed(), 0, 'the new game is not played by the old self-play');
  await page.selectOption('#pps-player', 'expectimax');
  await page.click('#pps-auto');
  await page.waitForFunction(() => document.querySelector('#pps-hint').textContent.startsWith('Game over'), null, { timeout: 60_000 });
  assert.equal(await page.$$eval('#pps-grid button.filled', (b) => b.length), 25);
  const grid = await page.$$eval('#pps-grid button', (b) => b.map((x) => x.getAttribute('aria-label').split(': ')[1]));
  const score = Number(await page.textContent('#pps-score'));
  const theirs = JSON.parse(cli('pps', 'score', '--grid', grid.join(' '), '--json'));
  assert.equal(score, theirs.score);
  await page.screenshot({ path: `${shots}/poker-squares.png`, fullPage: true });
});

test('the best player\'s first suggestion under a system cardtree ships no table for says it learns one', async () => {
  await page.click('nav [data-tool=pps]');
  await page.selectOption('#pps-system', 'random:42');
  await page.selectOption('#pps-player', 'best');
  await page.click('#pps-new');
  await page.click('#pps-suggest');
  // At once: what it is doing and how long it takes, the grid marked busy.
  assert.match(await page.textContent('#pps-hint'), /^Learning a table for random:42 first .*about 20 s, once/);
  assert.equal(await page.getAttribute('#pps-grid', 'aria-busy'), 'true');
  // How far it is, as games and as a bar.
  const shown = () => page.evaluate(() => {
    const m = document.querySelector('#pps-hint').textContent.match(/first: ([\d,]+) of 1,000,000 self-played games/);
    return m ? Number(m[1].replaceAll(',', '')) : null;
  });
  await page.waitForFunction(() => /first: [\d,]+ of/.test(document.querySelector('#pps-hint').textContent));
  assert.deepEqual(await page.$eval('#pps-progress', (p) => [p.hidden, p.max]), [false, 1_000_000]);
  // Stop keeps what is learned: the next suggestion goes on from there.
  const atStop = await shown();
  await page.click('#pps-stop');
  await page.waitForFunction(() => document.querySelector('#pps-hint').textContent.startsWith('Stopped learning'));
  assert.ok(await page.isHidden('#pps-progress'));
  await page.click('#pps-suggest');
  await page.waitForFunction(() => /first: [\d,]+ of/.test(document.querySelector('#pps-hint').textContent));
  const resumed = await shown();
  assert.ok(resumed > atStop, `learning went on from ${atStop} games, not from the start: ${resumed}`);
  await page.waitForSelector('#pps-grid button.hint', { timeout: 180_000 });
  assert.equal(await page.getAttribute('#pps-grid', 'aria-busy'), 'false');
  assert.match(await page.textContent('#pps-hint'), /would put it in row/);
  await page.selectOption('#pps-system', 'american');
  await page.click('#pps-new');
});

test('a Blackjack chart, coloured, and the values of a hand\'s actions', async () => {
  await page.click('nav [data-tool=blackjack]');
  // Stopped while it computes: no chart and no error, the button back.
  await page.click('#bj-chart-run');
  await page.waitForSelector('#bj-chart-stop:not([disabled])');
  assert.ok(await page.isVisible('#bj-progress'));
  await page.click('#bj-chart-stop');
  await page.waitForSelector('#bj-chart-run:not([disabled])');
  // A rule changed while it computes: the chart of the rules before never appears.
  await page.click('#bj-chart-run');
  await page.waitForSelector('#bj-chart-stop:not([disabled])');
  await page.check('#bj-h17');
  await page.waitForSelector('#bj-chart-run:not([disabled])');
  await page.waitForTimeout(500);
  assert.deepEqual([await page.$$eval('#bj-chart table', (t) => t.length), await page.textContent('#bj-edge'),
    await page.textContent('#bj-error')], [0, '', '']);
  await page.uncheck('#bj-h17');
  await page.click('#bj-chart-run');
  await page.waitForSelector('#bj-chart table', { timeout: 120_000 });
  const theirs = JSON.parse(cli('blackjack', 'strategy', '--json'));
  const hard16 = await page.$$eval('#bj-chart table:first-child tr', (rows) =>
    rows.find((r) => r.querySelector('th')?.textContent === '16')?.querySelectorAll('td').length);
  assert.equal(hard16, theirs.up_cards.length);
  assert.ok(await page.$('#bj-chart td.P') && await page.$('#bj-chart td.D'));
  assert.match(await page.textContent('#bj-edge'), new RegExp(`${theirs.ev_chart_percent.toFixed(3)} %`));
  await page.screenshot({ path: `${shots}/blackjack.png`, fullPage: true });
  // A changed rule: the chart answered the rules before, and goes at once.
  await page.check('#bj-h17');
  assert.equal(await page.$$eval('#bj-chart table', (t) => t.length), 0);
  assert.equal(await page.textContent('#bj-edge'), '');
  await page.uncheck('#bj-h17');
  await page.fill('#bj-first', '8');
  await page.fill('#bj-second', '8');
  await page.fill('#bj-up', '6');
  await page.click('#bj-actions-run');
  await page.waitForSelector('#bj-actions caption');
  assert.equal(await page.textContent('#bj-actions caption'), 'Best: split');
  // Six decks hold 24 eights: the 25th cannot have been dealt.
  await page.fill('#bj-out', Array(25).fill('8').join(' '));
  await page.click('#bj-actions-run');
  await page.waitForFunction(() => document.querySelector('#bj-actions-error').textContent.includes('out: card 25 (8) is no longer in the shoe'));
  // The error stands beside the button (on screen with it), and the values of the hand before
  // are gone.
  assert.ok(await onScreen('#bj-actions-error') && await onScreen('#bj-actions-run'), 'the error is on screen beside its button');
  assert.equal(await page.$$eval('#bj-actions tr', (r) => r.length), 0);
  await page.fill('#bj-out', '');
});

test('axe-core finds no serious or critical accessibility fault in any tool, its results shown', async () => {
  // axe's script is injected, which the page's Content Security Policy would refuse: this
  // context bypasses it (the page is the same).
  const context = await chrome.newContext({ bypassCSP: true, viewport: { width: 1280, height: 1000 } });
  const p = await context.newPage();
  p.on('pageerror', (e) => errors.push(e.message));
  const faults = [];
  async function check(state) {
    const found = await p.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations
      .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) })));
    for (const v of found) {
      const line = `${state}: ${v.id} (${v.impact}) at ${v.nodes.slice(0, 3).join(', ')}${v.nodes.length > 3 ? ', ...' : ''}`;
      if (v.impact === 'serious' || v.impact === 'critical') faults.push(line);
      else console.log(`axe, not failing: ${line}`);
    }
  }
  try {
    await p.goto(server.url);
    await p.waitForSelector('.to-play .playable');
    await p.addScriptTag({ path: `${web}tests/node_modules/axe-core/axe.min.js` });
    await check('bridge: a deal, its table, par and play');
    await p.setInputFiles('#session-file', `${root}tests/data/bridge/session.pbn`);
    await p.waitForSelector('#session-boards tr[data-board="3"]');
    await p.fill('#lead-samples', '12');
    await p.click('#lead-run');
    await p.waitForSelector('#lead-cards tr.best');
    await p.fill('#played-text', readFileSync(`${root}tests/data/bridge/played/quirks.pbn`, 'utf8'));
    await p.click('#played-analyse');
    await p.waitForSelector('#played-cards tr');
    await check('bridge: a session, the lead advisor and a played record');
    await p.fill('#deal-pbn', 'N:AKQ.T98.765.432 not a deal');
    await p.click('#deal-solve');
    await p.waitForFunction(() => document.querySelector('#deal-error').textContent.length > 0);
    await check('bridge: a bad deal\'s error');
    await p.click('#tab-pps');
    await p.selectOption('#pps-player', 'expectimax');
    await p.click('#pps-suggest');
    await p.waitForSelector('#pps-grid button.hint');
    await check('Poker Squares: a suggestion');
    await p.click('#tab-blackjack');
    await p.click('#bj-chart-run');
    await p.waitForSelector('#bj-chart table', { timeout: 120_000 });
    await p.click('#bj-actions-run');
    await p.waitForSelector('#bj-actions caption');
    await check('Blackjack: a chart and a hand\'s actions');
  } finally {
    await context.close();
  }
  assert.deepEqual(faults, []);
});
