"""Run csvkit's `csvclean -a` over many CSV files in one Python process.

Starting Python and csvkit once per file costs about half a second each, which dominates
`npm run check` once there are hundreds of tables. This runs the same utility, with the same
arguments, on each file in turn and prints one line per file: `<path>\t<exit code>\t<first error>`.
Usage: .venv/bin/python scripts/csvclean-all.py FILE...
"""
import io
import sys

from csvkit.utilities.csvclean import CSVClean


def clean(path):
    out, err = io.StringIO(), io.StringIO()
    code = 0
    try:
        CSVClean(['-a', path], output_file=out, error_file=err).run()
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    first = ' | '.join(err.getvalue().strip().splitlines()[:3])
    return code, first


if __name__ == '__main__':
    for path in sys.argv[1:]:
        code, first = clean(path)
        print(f'{path}\t{code}\t{first}')
