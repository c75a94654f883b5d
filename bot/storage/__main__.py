"""``python -m bot.storage copy --from FILE --to postgresql://…``: :func:`bot.storage.copy.main`."""

import sys

from .copy import main

# Guarded: a worker process may import the main module again.
if __name__ == "__main__":
    sys.exit(main())
