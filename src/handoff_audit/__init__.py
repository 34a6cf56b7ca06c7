"""handoff-audit: the CI guard for session handoff packets."""

try:
    # Written by setuptools-scm when the package is built or installed (pyproject.toml).
    from handoff_audit._version import __version__
except ImportError:  # a source tree that was never built or installed
    __version__ = "0.0.0+unknown"

__all__ = ["__version__"]
