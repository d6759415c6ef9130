"""A JupyterHub for one class on one machine (``make hub``) and its load test (``make hub-loadtest``).

- :mod:`hub.classroom`: the class's settings (accounts, ports, lesson links, culling, per-pupil limits), shared by
  the hub's configuration, the runner and the load test.
- :mod:`hub.accounts`: the accounts a school controls (a random sign-in code per account, lockout, reset), set into
  the hub's configuration by ``configure(c, room)``; :mod:`hub.slips`: the codes on cut-out slips (HTML, PDF);
  ``hub/authenticator.py``: the authenticator JupyterHub loads (NativeAuthenticator with sign-in codes).
- ``hub/jupyterhub_config.py``: the configuration JupyterHub loads (not imported as a module).
- :mod:`hub.run`: start the hub, print its URL, accounts and lesson links, and stop it with nothing left running.
- :mod:`hub.users`, :mod:`hub.limits`, ``hub/spawner.py``: a system user, a private home and limits per account;
  :mod:`hub.ports`: who listens on a pupil's server port (no classmate's program answers for them);
  :mod:`hub.pulls`: whose lesson copy missed the teacher's changes (``make hub-status``).
- :mod:`hub.loadtest`: simulated pupils through the hub, measured; :mod:`hub.login_attack`: wrong passwords
  against it, measured (the lockout, and the API's reply times meanwhile).
"""
