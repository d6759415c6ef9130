"""A JupyterHub for one class on one machine (``make hub``) and its load test (``make hub-loadtest``).

- :mod:`hub.classroom`: the class's settings (accounts, ports, lesson links, culling, per-pupil limits), shared by
  the hub's configuration, the runner and the load test.
- ``hub/jupyterhub_config.py``: the configuration JupyterHub loads (not imported as a module).
- :mod:`hub.run`: start the hub, print its URL, accounts and lesson links, and stop it with nothing left running.
- :mod:`hub.loadtest`: simulated pupils through the hub, measured.
"""
