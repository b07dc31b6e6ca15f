import type { Game } from './catalog';
import { LABELS, type Lang } from './i18n';
import { formatUnits } from './money';

const escapeHtml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The game page: a shell the script in /static/play.js fills in for the game's engine. */
export function gamePage(
  game: Game,
  lang: Lang,
  seat: { id: string; currency: string; balance: string | null; demo: boolean },
): string {
  const config = {
    seat: seat.id,
    engine: game.engine,
    currency: seat.currency,
    balance: seat.balance,
    demo: seat.demo,
    labels: LABELS[lang],
    symbols: game.engine === 'slot' ? game.slot.symbols : [],
    // The paytable as the player reads it: each symbol's return for 3, 4 and 5 on the line, × stake.
    pays:
      game.engine === 'slot'
        ? game.slot.pays.map((pay) => ({
            symbol: pay.symbol,
            count: pay.count,
            times: formatUnits(pay.payout * 1000n),
          }))
        : [],
    fish:
      game.engine === 'fishing'
        ? game.fish.map((fish) => ({ id: fish.id, name: fish.name, multiplier: fish.multiplier.toString() }))
        : [],
  };
  // JSON inside a script element: escape '<' so no text can close the element.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(game.name)}</title>
<link rel="stylesheet" href="/static/play.css">
</head>
<body style="--from:${game.colours[0]};--to:${game.colours[1]}">
<header>
  <h1>${escapeHtml(game.name)}</h1>
  <p class="balance"><span>${escapeHtml(LABELS[lang].balance)}</span> <output id="balance" aria-live="polite"></output></p>
</header>
${seat.demo ? `<p class="demo">${escapeHtml(LABELS[lang].demo)}</p>` : ''}
<main id="game"></main>
<p id="message" role="status" aria-live="polite"></p>
<script id="config" type="application/json">${json}</script>
<script src="/static/play.js" defer></script>
</body>
</html>`;
}

export function expiredPage(lang: Lang): string {
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><title>Demo Gaming</title><link rel="stylesheet" href="/static/play.css"></head>
<body><main><p class="expired" role="alert">${escapeHtml(LABELS[lang].expired)}</p></main></body>
</html>`;
}
