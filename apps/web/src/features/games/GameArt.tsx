/** A deterministic 32-bit hash of a text (FNV-1a): the same game always gets the same art. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length && i < 200; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

const SHAPES = ['circle', 'diamond', 'star', 'wave'] as const;

/**
 * Generated tile art for a game (no downloaded images): two hues from the game's code, a shape per game and its
 * initials. Decorative only: the tile names the game in text.
 */
export function GameArt({ code, name }: { code: string; name: string }) {
  const hash = hashOf(code);
  const hue = hash % 360;
  const second = (hue + 40 + ((hash >>> 9) % 120)) % 360;
  const shape = SHAPES[(hash >>> 17) % SHAPES.length];
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  const id = `art-${code.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg viewBox="0 0 160 100" role="presentation" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={`hsl(${hue} 70% 42%)`} />
          <stop offset="1" stopColor={`hsl(${second} 75% 28%)`} />
        </linearGradient>
      </defs>
      <rect width="160" height="100" fill={`url(#${id})`} />
      {shape === 'circle' && <circle cx="118" cy="30" r="34" fill="rgb(255 255 255 / 0.14)" />}
      {shape === 'diamond' && <path d="M120 2 L156 40 L120 78 L84 40 Z" fill="rgb(255 255 255 / 0.14)" />}
      {shape === 'star' && (
        <path
          d="M122 8 L131 32 L156 32 L136 47 L143 72 L122 57 L101 72 L108 47 L88 32 L113 32 Z"
          fill="rgb(255 255 255 / 0.16)"
        />
      )}
      {shape === 'wave' && <path d="M0 70 Q40 50 80 70 T160 70 V100 H0 Z" fill="rgb(255 255 255 / 0.14)" />}
      <text x="14" y="64" fontSize="40" fontWeight="700" fill="rgb(255 255 255 / 0.92)">
        {initials}
      </text>
    </svg>
  );
}
