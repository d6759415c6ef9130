"""Settings of every pupil's server that cannot be command-line options (loaded from JUPYTER_CONFIG_DIR, which
hub/jupyterhub_config.py points at this root-owned folder instead of the pupil's own ``~/.jupyter``).

The notebook trust database stays in the pupil's home (``~/.local/share/jupyter/nbsignatures.db``, as without the
hub): Jupyter's data folder is this read-only folder, so that nothing of the pupil's is loaded as code by their
server, but the record of which notebooks the pupil ran is the pupil's own data.

The empty file ``migrated`` beside this one tells Jupyter that the pupil's old IPython settings need no migrating:
without it, a server whose pupil has run a kernel once (``~/.ipython`` exists) fails at its next start, writing
that marker into this read-only folder.
"""

import ctypes
import os

# The server runs as the pupil, like the pupil's kernels: without this, a kernel (the same user) could take the
# server's listening socket (pidfd_getfd), or its memory (ptrace, /proc/<pid>/mem), freeze the server and answer
# every /user/<name>/ request itself, with a page whose script acts for whoever opens the link (the teacher: new
# passwords for any account).  A process that is not "dumpable" can only be inspected by root; this file is read
# before the server listens or starts a kernel.  Kernels are new programs (exec) and dumpable again.
PR_SET_DUMPABLE = 4
if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0:
    raise OSError(ctypes.get_errno(), "prctl(PR_SET_DUMPABLE, 0)")

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (Jupyter defines it while loading this file)
_own_data = os.path.join(os.path.expanduser("~"), ".local", "share", "jupyter")
os.makedirs(_own_data, mode=0o700, exist_ok=True)
c.NotebookNotary.data_dir = _own_data
