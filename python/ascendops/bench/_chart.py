"""The per-pipe timeline chart of ``ascendops bench small --chart``: a Gantt chart of one core's span trace.

matplotlib (the ``test`` extra) is imported only when a chart is drawn, with the Agg backend (no display needed).
"""

from .._errors import MissingDependencyError

__all__ = ["write_timeline_png", "FIGURE_INCHES", "DPI"]

FIGURE_INCHES = (12.0, 4.0)
DPI = 100  # the PNG is FIGURE_INCHES x DPI pixels: 1200 x 400
# Row order top to bottom and colour of each pipe (the trace's pipe names; ALL: a barrier on every pipe).
PIPE_COLOURS = {
    "S": "tab:gray",
    "V": "tab:green",
    "MTE2": "tab:blue",
    "MTE3": "tab:orange",
    "MTE1": "tab:cyan",
    "M": "tab:red",
    "FIX": "tab:purple",
    "ALL": "black",
}


def _pyplot():
    try:
        import matplotlib
    except ImportError:
        raise MissingDependencyError("--chart needs matplotlib: pip install matplotlib (or ascendops[test])") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def write_timeline_png(trace, path, title):
    """Writes ``trace`` (a launch report's ``trace``: spans in cycles, ``freq_mhz``) as a PNG Gantt chart, x in us."""
    if not trace:
        raise ValueError("no span trace in the launch report (request it with _C.request_span_trace)")
    plt = _pyplot()
    us = 1.0 / trace["freq_mhz"]
    by_pipe = {}
    for pipe, start, end, _api in trace["spans"]:
        by_pipe.setdefault(pipe, []).append((start * us, (end - start) * us))
    pipes = [p for p in PIPE_COLOURS if p in by_pipe]
    fig, ax = plt.subplots(figsize=FIGURE_INCHES, dpi=DPI)
    try:
        for row, pipe in enumerate(pipes):
            ax.broken_barh(by_pipe[pipe], (row - 0.4, 0.8), facecolors=PIPE_COLOURS[pipe], linewidth=0)
        ax.set_yticks(range(len(pipes)), pipes)
        ax.set_ylim(len(pipes) - 0.5, -0.5)
        ax.set_xlabel("modeled time (us)")
        truncated = f", first {len(trace['spans'])} spans" if trace["truncated"] else ""
        ax.set_title(f"{title}{truncated}")
        ax.grid(axis="x", alpha=0.3)
        fig.subplots_adjust(left=0.07, right=0.98, top=0.9, bottom=0.14)
        fig.savefig(path, format="png", dpi=DPI)
    finally:
        plt.close(fig)
