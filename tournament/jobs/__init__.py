"""The background jobs' tasks (one module per kind) and the worker that runs them
(`runner`, started by `manage.py worker`). See operations.jobs and docs/jobs.md."""
