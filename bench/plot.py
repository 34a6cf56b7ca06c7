"""The benchmark's curve as a plain SVG: time and peak memory against N, one line per tool."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

COLOURS = {
    "handoff-audit check": "#d62728",
    "check-jsonschema": "#1f77b4",
    "read+parse floor": "#7f7f7f",
}
WIDTH, HEIGHT, PAD = 360, 260, 52


def _panel(
    x0: int,
    title: str,
    unit: str,
    sizes: Sequence[int],
    lines: Mapping[str, Sequence[float | None]],
) -> list[str]:
    top = max((v for vs in lines.values() for v in vs if v is not None), default=1.0) * 1.1 or 1.0
    right = max(sizes)
    w, h = WIDTH - PAD - 12, HEIGHT - PAD - 30

    def xy(n: int, v: float) -> tuple[float, float]:
        return x0 + PAD + n / right * w, 30 + h - v / top * h

    out = [
        f'<text x="{x0 + WIDTH / 2}" y="18" text-anchor="middle" font-weight="bold">'
        f"{escape(title)}</text>",
        f'<line x1="{x0 + PAD}" y1="{30 + h}" x2="{x0 + PAD + w}" y2="{30 + h}" stroke="black"/>',
        f'<line x1="{x0 + PAD}" y1="30" x2="{x0 + PAD}" y2="{30 + h}" stroke="black"/>',
        f'<text x="{x0 + PAD + w / 2}" y="{HEIGHT - 4}" text-anchor="middle">packets (N)</text>',
        f'<text x="{x0 + 12}" y="{30 + h / 2}" text-anchor="middle" '
        f'transform="rotate(-90 {x0 + 12} {30 + h / 2})">{escape(unit)}</text>',
    ]
    for k in range(5):
        v = top * k / 4
        _, y = xy(0, v)
        out.append(f'<text x="{x0 + PAD - 4}" y="{y + 4:.1f}" text-anchor="end">{v:.3g}</text>')
        out.append(
            f'<line x1="{x0 + PAD}" y1="{y:.1f}" x2="{x0 + PAD + w}" y2="{y:.1f}" stroke="#eee"/>'
        )
    for n in sizes:
        x, _ = xy(n, 0)
        out.append(f'<text x="{x:.1f}" y="{30 + h + 14}" text-anchor="middle">{n:,}</text>')
    for name, values in lines.items():
        points = [xy(n, v) for n, v in zip(sizes, values, strict=True) if v is not None]
        if not points:
            continue
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        colour = COLOURS.get(name, "black")
        out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        out += [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>' for x, y in points]
    return out


def svg(
    sizes: Sequence[int],
    times: Mapping[str, Sequence[float | None]],
    memory: Mapping[str, Sequence[float | None]],
    caption: str,
) -> str:
    """Two panels side by side: wall seconds and peak MiB against N."""
    body = _panel(0, "wall time", "seconds", sizes, times)
    body += _panel(WIDTH, "peak memory", "MiB", sizes, memory)
    legend = []
    for i, name in enumerate(COLOURS):
        x = 60 + i * 200
        legend.append(
            f'<rect x="{x}" y="{HEIGHT + 8}" width="14" height="4" fill="{COLOURS[name]}"/>'
        )
        legend.append(f'<text x="{x + 20}" y="{HEIGHT + 14}">{escape(name)}</text>')
    legend.append(f'<text x="8" y="{HEIGHT + 34}" font-size="10">{escape(caption)}</text>')
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{2 * WIDTH}" height="{HEIGHT + 44}" '
        'font-family="sans-serif" font-size="11">\n'
        '<rect width="100%" height="100%" fill="white"/>\n'
        + "\n".join(body + legend)
        + "\n</svg>\n"
    )
