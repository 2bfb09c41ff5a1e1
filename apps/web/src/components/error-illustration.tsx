/** The torn page's lines of text: [y, width]. */
const textLines = [
  [112, 96],
  [140, 140],
  [168, 120],
  [196, 132],
] as const;

/** The drawing's two pens: the paper's outline and the signature's ink. */
const outline = { stroke: '#1b3a6b', strokeWidth: 5, strokeLinejoin: 'round' } as const;
const ink = { fill: 'none', stroke: '#0f766e', strokeWidth: 6, strokeLinecap: 'round' } as const;

/** The error page's 404-style drawing (spec §2: 407 × 436): a torn document with a broken signature line. */
export function ErrorIllustration() {
  return (
    <svg
      viewBox="0 0 407 436"
      width="407"
      height="436"
      role="presentation"
      aria-hidden="true"
      focusable="false"
      style={{ maxWidth: '100%', height: 'auto' }}
    >
      <ellipse cx="204" cy="410" rx="150" ry="16" fill="#e3e8f2" />
      <circle cx="330" cy="70" r="44" fill="#fdecc8" />
      <g transform="rotate(-6 180 220)">
        <path d="M80 60h150l50 50v180l-14 10 12 14-16 12 14 16-10 10H80z" fill="#ffffff" {...outline} />
        <path d="M230 60v50h50" fill="#dfe6f3" {...outline} />
        {textLines.map(([y, width]) => (
          <rect key={y} x="108" y={y} width={width} height="10" rx="5" fill="#c7d2e6" />
        ))}
        <path d="M108 290c18-30 30-46 40-46s-6 34 6 34 16-22 28-22" {...ink} />
        <path d="M104 312h70" stroke="#1b3a6b" strokeWidth="4" strokeLinecap="round" strokeDasharray="4 10" />
      </g>
      <g transform="rotate(14 300 300)">
        <path d="M262 262l14-10 12 14-16 12 14 16-10 10h70V262z" fill="#ffffff" {...outline} />
        <path d="M300 300c10-8 20-10 30-4" {...ink} />
      </g>
    </svg>
  );
}
