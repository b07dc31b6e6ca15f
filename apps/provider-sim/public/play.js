// The game page's script: reads its config from the page, talks to the simulator's /api/* routes with the
// seat id, and draws the game. No framework: a few elements built with plain DOM calls.
'use strict';

const config = JSON.parse(document.getElementById('config').textContent);
const t = config.labels;
const root = document.getElementById('game');
const message = document.getElementById('message');
const balanceOutput = document.getElementById('balance');

function el(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === 'text') node.textContent = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function showBalance(balance) {
  if (balance !== null && balance !== undefined) balanceOutput.textContent = `${balance} ${config.currency}`;
}

function say(text) {
  message.textContent = text;
}

async function call(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seat: config.seat, ...body }),
  });
  const reply = await response.json();
  showBalance(reply.balance);
  return reply;
}

const ERRORS = {
  insufficient_funds: t.noMoney,
  bet_refused: t.refused,
  bet_rolled_back: t.retry,
  closed: t.dealing,
};
function sayError(reply) {
  say(ERRORS[reply.error] || `${t.refused} (${reply.status || reply.error})`);
}

function stakePicker() {
  const select = el('select', { 'aria-label': t.stake, id: 'stake' });
  for (const amount of ['1.00', '2.00', '5.00', '10.00', '20.00', '50.00', '100.00']) {
    select.append(el('option', { value: amount, text: amount }));
  }
  return el('label', {}, [`${t.stake} `, select]);
}
const stake = () => document.getElementById('stake').value;

function winText(reply) {
  const pending = reply.settled === 'pending' ? ` (${t.pending})` : '';
  return `${t.win}: ${reply.win}${pending}`;
}

function slotGame() {
  const reels = el('div', { class: 'reels', role: 'img', 'aria-label': 'reels' });
  const draw = (board) => {
    reels.replaceChildren(
      ...board.map((reel) =>
        el(
          'div',
          { class: 'reel' },
          reel.map((symbol, row) => el('span', { class: row === 1 ? 'line' : '', text: symbol })),
        ),
      ),
    );
  };
  draw(
    Array.from({ length: 5 }, (_, i) =>
      [0, 1, 2].map((row) => config.symbols[(i + row) % config.symbols.length]),
    ),
  );
  const button = el('button', { type: 'button', class: 'primary', text: t.spin });
  button.addEventListener('click', async () => {
    button.disabled = true;
    reels.classList.add('spinning');
    try {
      const reply = await call('/api/play', { stake: stake(), choice: {} });
      if (!reply.ok) return sayError(reply);
      draw(reply.outcome.board);
      say(winText(reply));
    } finally {
      reels.classList.remove('spinning');
      button.disabled = false;
    }
  });
  const paytable = el('table', { class: 'paytable' });
  for (const symbol of config.symbols) {
    const pays = config.pays.filter((pay) => pay.symbol === symbol);
    paytable.append(
      el('tr', {}, [
        el('th', { text: symbol }),
        ...pays.map((pay) => el('td', { text: `×${pay.count} ${pay.times}` })),
      ]),
    );
  }
  root.append(reels, el('div', { class: 'controls' }, [stakePicker(), button]), paytable);
}

function rouletteGame() {
  const choice = el('select', { 'aria-label': t.bet });
  for (const kind of ['red', 'black', 'odd', 'even'])
    choice.append(el('option', { value: kind, text: t[kind] }));
  for (let n = 0; n <= 36; n += 1) choice.append(el('option', { value: String(n), text: `#${n}` }));
  const wheel = el('div', { class: 'pocket', text: '–' });
  const button = el('button', { type: 'button', class: 'primary', text: t.spin });
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      const value = choice.value;
      const bet = /^\d+$/.test(value) ? { kind: 'straight', number: Number(value) } : { kind: value };
      const reply = await call('/api/play', { stake: stake(), choice: { bet } });
      if (!reply.ok) return sayError(reply);
      wheel.textContent = String(reply.outcome.pocket);
      wheel.dataset.colour = reply.outcome.colour;
      say(winText(reply));
    } finally {
      button.disabled = false;
    }
  });
  root.append(
    wheel,
    el('div', { class: 'controls' }, [stakePicker(), el('label', {}, [`${t.bet} `, choice]), button]),
  );
}

function fishingGame() {
  let target = config.fish[0].id;
  const pond = el('div', { class: 'pond' });
  const buttons = config.fish.map((fish) =>
    el('button', {
      type: 'button',
      class: 'fish',
      'aria-pressed': String(fish.id === target),
      text: `${fish.name} ×${fish.multiplier}`,
      onclick: (event) => {
        target = fish.id;
        for (const other of pond.children)
          other.setAttribute('aria-pressed', String(other === event.currentTarget));
      },
    }),
  );
  pond.append(...buttons);
  const button = el('button', { type: 'button', class: 'primary', text: t.shoot });
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      const reply = await call('/api/play', { stake: stake(), choice: { fish: target } });
      if (!reply.ok) return sayError(reply);
      say(reply.outcome.caught ? winText(reply) : '×');
    } finally {
      button.disabled = false;
    }
  });
  root.append(pond, el('div', { class: 'controls' }, [stakePicker(), button]));
}

function baccaratGame() {
  const status = el('p', { class: 'phase' });
  const table = el('div', { class: 'table' });
  const road = el('p', { class: 'road' });
  const sides = ['player', 'banker', 'tie'].map((side) =>
    el('button', {
      type: 'button',
      class: `side ${side}`,
      text: t[side],
      onclick: async () => {
        const reply = await call('/api/baccarat/bet', { stake: stake(), side });
        if (!reply.ok) sayError(reply);
        else say(`${t.bet}: ${t[side]} ${stake()}`);
      },
    }),
  );
  const refresh = async () => {
    const state = await call('/api/baccarat/state', {});
    const seconds = Math.ceil(state.ms_left / 1000);
    status.textContent =
      state.phase === 'betting'
        ? `${t.bettingOpen} · ${seconds}s`
        : state.phase === 'dealing'
          ? t.dealing
          : t.result;
    for (const button of sides) button.disabled = state.phase !== 'betting';
    if (state.last) {
      table.replaceChildren(
        el('div', { class: 'hand' }, [
          el('strong', { text: `${t.player} ${state.last.player_total}` }),
          ` ${state.last.player.join(' ')}`,
        ]),
        el('div', { class: 'hand' }, [
          el('strong', { text: `${t.banker} ${state.last.banker_total}` }),
          ` ${state.last.banker.join(' ')}`,
        ]),
        el('div', { class: 'hand' }, [
          `${t.result}: ${t[state.last.winner]} · ${t.win}: ${state.last.my_return}`,
        ]),
      );
    }
    road.textContent = state.history.map((winner) => t[winner].slice(0, 1)).join(' ');
  };
  root.append(status, table, el('div', { class: 'controls' }, [stakePicker(), ...sides]), road);
  void refresh();
  setInterval(() => void refresh(), 1000);
}

showBalance(config.balance);
({ slot: slotGame, roulette: rouletteGame, fishing: fishingGame, baccarat: baccaratGame })[config.engine]();
