import type { Game } from './catalog';

/** Generated tile art (16:9 SVG): the game's two colours, a motif for its engine, and its name. */
const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

function motif(game: Game): string {
  const [, accent] = game.colours;
  switch (game.engine) {
    case 'slot': {
      const symbols = game.slot.symbols.slice(0, 3);
      return symbols
        .map(
          (symbol, i) =>
            `<rect x="${70 + i * 90}" y="60" width="80" height="96" rx="10" fill="#fff" fill-opacity="0.92"/>` +
            `<text x="${110 + i * 90}" y="124" font-size="48" text-anchor="middle" fill="${accent}" stroke="#0006" stroke-width="1">${escapeXml(symbol)}</text>`,
        )
        .join('');
    }
    case 'baccarat':
      return (
        `<ellipse cx="200" cy="150" rx="170" ry="60" fill="#0b5d2a" stroke="${accent}" stroke-width="6"/>` +
        `<rect x="140" y="50" width="56" height="80" rx="6" fill="#fff" transform="rotate(-10 168 90)"/>` +
        `<rect x="204" y="50" width="56" height="80" rx="6" fill="#fff" transform="rotate(10 232 90)"/>` +
        `<text x="168" y="102" font-size="30" text-anchor="middle" fill="#b91c1c" transform="rotate(-10 168 90)">9</text>` +
        `<text x="232" y="102" font-size="30" text-anchor="middle" fill="#111" transform="rotate(10 232 90)">K</text>`
      );
    case 'fishing':
      return [0, 1, 2]
        .map((i) => {
          const x = 90 + i * 110;
          const y = 80 + (i % 2) * 50;
          return (
            `<ellipse cx="${x}" cy="${y}" rx="${38 - i * 4}" ry="${20 - i * 2}" fill="${accent}"/>` +
            `<polygon points="${x + 34 - i * 4},${y} ${x + 58 - i * 4},${y - 16} ${x + 58 - i * 4},${y + 16}" fill="${accent}"/>` +
            `<circle cx="${x - 20 + i * 2}" cy="${y - 5}" r="4" fill="#111"/>`
          );
        })
        .join('');
    case 'roulette':
      return (
        `<circle cx="200" cy="105" r="78" fill="#111" stroke="${accent}" stroke-width="8"/>` +
        Array.from({ length: 12 }, (_, i) => {
          const angle = (i * Math.PI) / 6;
          const x = (200 + Math.cos(angle) * 60).toFixed(1);
          const y = (105 + Math.sin(angle) * 60).toFixed(1);
          return `<circle cx="${x}" cy="${y}" r="11" fill="${i % 2 ? '#b91c1c' : '#1f2937'}"/>`;
        }).join('') +
        `<circle cx="200" cy="105" r="22" fill="${accent}"/><circle cx="236" cy="62" r="6" fill="#fff"/>`
      );
  }
}

export function thumbnailSvg(game: Game): string {
  const [from, to] = game.colours;
  const badge = game.tags.includes('new') ? 'NEW' : game.tags.includes('hot') ? 'HOT' : '';
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 225" width="400" height="225">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    '<rect width="400" height="225" fill="url(#g)"/>',
    motif(game),
    '<rect y="178" width="400" height="47" fill="#000" fill-opacity="0.55"/>',
    `<text x="200" y="210" font-family="sans-serif" font-size="24" font-weight="700" text-anchor="middle" fill="#fff">${escapeXml(game.name)}</text>`,
    badge
      ? `<rect x="318" y="10" width="72" height="30" rx="15" fill="${badge === 'NEW' ? '#16a34a' : '#dc2626'}"/><text x="354" y="31" font-family="sans-serif" font-size="16" font-weight="700" text-anchor="middle" fill="#fff">${badge}</text>`
      : '',
    '</svg>',
  ].join('');
}
