/**
 * SVG drawings for the demo data: banner heroes (a flat lay of bowls on a gradient) and service
 * logos (initials on a coloured tile). Pure text; rendering happens elsewhere.
 */

export const BANNER_SIZE = { width: 1600, height: 700 } as const;
export const LOGO_SIZE = 480;

type Rgb = [number, number, number];

function hexToRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Blends two colours; t = 0 gives `a`, t = 1 gives `b`. */
export function mix(a: string, b: string, t: number): string {
  const [ra, ga, ba] = hexToRgb(a);
  const [rb, gb, bb] = hexToRgb(b);
  const channel = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(ra, rb)}${channel(ga, gb)}${channel(ba, bb)}`;
}

function hashOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

/** A small seeded generator, so a drawing is the same on every start and machine. */
function randomFrom(seed: string): () => number {
  let state = hashOf(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

/** A bowl seen from above: rim, shadow, and toppings in the palette's shades. */
function bowl(cx: number, cy: number, r: number, palette: [string, string, string], random: () => number): string {
  const [from, to, accent] = palette;
  const parts = [
    `<circle cx="${round(cx + r * 0.08)}" cy="${round(cy + r * 0.12)}" r="${round(r * 1.04)}" fill="#000" opacity="0.18"/>`,
    `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="${mix(accent, '#ffffff', 0.55)}"/>`,
    `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r * 0.84)}" fill="${mix(from, accent, 0.25)}"/>`,
  ];
  // Toppings sit in wedges around the centre, like a grain bowl: round pieces and leaves by turns.
  const wedges = 5;
  const shades = [accent, mix(to, '#ffffff', 0.35), mix(accent, to, 0.45), '#ffffff', mix(to, accent, 0.2)];
  for (let w = 0; w < wedges; w++) {
    const angle = (w / wedges) * Math.PI * 2 + random() * 0.3;
    const wx = cx + Math.cos(angle) * r * 0.48;
    const wy = cy + Math.sin(angle) * r * 0.48;
    const shade = shades[w % shades.length];
    parts.push(`<circle cx="${round(wx)}" cy="${round(wy)}" r="${round(r * 0.27)}" fill="${shade}" opacity="0.28"/>`);
    const pieces = 9 + Math.floor(random() * 5);
    for (let p = 0; p < pieces; p++) {
      const px = wx + (random() - 0.5) * r * 0.42;
      const py = wy + (random() - 0.5) * r * 0.42;
      if (w % 2 === 0) {
        parts.push(`<circle cx="${round(px)}" cy="${round(py)}" r="${round(r * (0.05 + random() * 0.05))}" fill="${shade}" opacity="0.95"/>`);
      } else {
        const rotate = Math.round(random() * 180);
        parts.push(
          `<ellipse cx="${round(px)}" cy="${round(py)}" rx="${round(r * 0.12)}" ry="${round(r * 0.045)}" fill="${shade}" opacity="0.92" transform="rotate(${rotate} ${round(px)} ${round(py)})"/>`,
        );
      }
    }
  }
  parts.push(`<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r * 0.16)}" fill="${mix(accent, '#ffffff', 0.2)}"/>`);
  return parts.join('');
}

/** A banner hero: diagonal gradient, soft light, scattered herbs, and bowls on the right side. */
export function bannerSvg(id: string, palette: [string, string, string]): string {
  const { width, height } = BANNER_SIZE;
  const [from, to, accent] = palette;
  const random = randomFrom(id);
  const glows = Array.from({ length: 6 }, (_, i) => {
    const cx = width * (0.15 + random() * 0.85);
    const cy = height * random();
    const r = 140 + random() * 260;
    return `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="url(#glow)" opacity="${(0.35 + (i % 3) * 0.15).toFixed(2)}"/>`;
  }).join('');
  const herbs = Array.from({ length: 70 }, () => {
    const cx = width * (0.35 + random() * 0.65);
    const cy = height * random();
    return `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(2 + random() * 6)}" fill="${accent}" opacity="${(0.15 + random() * 0.35).toFixed(2)}"/>`;
  }).join('');
  const bowls = [
    bowl(width * 0.72, height * 0.42, 190, palette, random),
    bowl(width * 0.92, height * 0.86, 150, palette, random),
    bowl(width * 0.5, height * 0.93, 120, palette, random),
    bowl(width * 0.97, height * 0.12, 105, palette, random),
  ].join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${accent}" stop-opacity="0.45"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>
<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="0.55" stop-color="#000" stop-opacity="0"/></linearGradient>
</defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
${glows}${herbs}${bowls}
<rect width="${width}" height="${height}" fill="url(#shade)"/>
</svg>`;
}

const FILLER_WORDS = new Set(['co', 'the', 'and', 'of']);

/** Up to two initials from a business name: "Green Fork Kitchen" gives "GF". */
export function initialsOf(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter((word) => word.length > 0 && !FILLER_WORDS.has(word.toLowerCase()));
  const letters = words.slice(0, 2).map((word) => word[0]!.toUpperCase());
  return letters.join('') || '?';
}

/** A logo tile: a rounded square in a colour drawn from the name, with the initials in white. */
export function logoSvg(name: string): string {
  const size = LOGO_SIZE;
  const hue = hashOf(name) % 360;
  const initials = initialsOf(name);
  const fontSize = initials.length > 1 ? 190 : 230;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs><linearGradient id="tile" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue}, 58%, 46%)"/><stop offset="1" stop-color="hsl(${(hue + 28) % 360}, 62%, 32%)"/></linearGradient></defs>
<rect x="8" y="8" width="${size - 16}" height="${size - 16}" rx="104" fill="url(#tile)"/>
<circle cx="${size * 0.78}" cy="${size * 0.2}" r="${size * 0.28}" fill="#fff" opacity="0.08"/>
<circle cx="${size / 2}" cy="${size / 2}" r="${size * 0.36}" fill="none" stroke="#fff" stroke-opacity="0.22" stroke-width="6"/>
<text x="${size / 2}" y="${size / 2 + fontSize * 0.36}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-weight="700" font-size="${fontSize}" letter-spacing="-4" fill="#ffffff">${initials}</text>
</svg>`;
}

/**
 * A demo food photo: bowls seen from above on a table of the picture's colours, drawn at
 * `width` × `height` (a listing's gallery shows these until its owner adds real ones).
 */
export function pictureSvg(key: string, palette: [string, string, string], width: number, height: number): string {
  const [from, to, accent] = palette;
  const random = randomFrom(`picture:${key}`);
  const crumbs = Array.from({ length: 40 }, () => {
    const cx = width * random();
    const cy = height * random();
    return `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(2 + random() * 5)}" fill="${accent}" opacity="${(0.2 + random() * 0.3).toFixed(2)}"/>`;
  }).join('');
  const bowls = [
    bowl(width * (0.3 + random() * 0.1), height * (0.45 + random() * 0.1), height * 0.3, palette, random),
    bowl(width * (0.72 + random() * 0.1), height * (0.3 + random() * 0.1), height * 0.22, palette, random),
    bowl(width * (0.75 + random() * 0.1), height * (0.78 + random() * 0.08), height * 0.17, palette, random),
  ].join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mix(from, '#ffffff', 0.2)}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
${crumbs}${bowls}
</svg>`;
}
