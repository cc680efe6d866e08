"""GNU Backgammon's commands run through the gnubg Python package (the PyPI wheel), as
Debian's `gnubg -t -q` runs them: one command a line on stdin, and on stdout what gnubg
prints for them (the package prints there itself, as the program does).

`engines.gnubg` starts this as a child process, `python -m tournament.engines.gnubg_library`,
in the analysis's temporary folder, which is also its HOME; never inside the worker: the
package prints to its process's stdout, keeps the match in global state, and only a
child process can be killed at the job's time limit.

The program prints its version line when it starts ("GNU Backgammon 1.07.001 20230103");
the package does not (its `show version` prints "GNU Backgammon 1.1.0a16 BUILD_DATE"), so
this prints one first, naming the package: the analysis keeps it, and a season can tell
which engine analysed what. Exit status 3 when the package cannot be imported (not
installed, or its compiled part not loadable here): trying again cannot help.

Standard library and gnubg only: the child needs neither Django nor the site.
"""

import sys

NOT_LOADED = 3  # engines.gnubg.LIBRARY_NOT_LOADED


def main() -> int:
    try:
        # Imported here, not above: a package missing or not loadable is a clear exit.
        import gnubg
    except ImportError as error:
        print(f"GNU Backgammon's Python package could not be loaded: {error}", file=sys.stderr)
        return NOT_LOADED
    # Flushed before gnubg prints: gnubg writes through C's stdout, not Python's.
    print(f"GNU Backgammon {gnubg.__version__} (the gnubg Python package)", flush=True)
    for line in sys.stdin.read().splitlines():
        gnubg.command(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
