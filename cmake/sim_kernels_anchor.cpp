// Keeps the kernel library non-empty before any operator adds instances.
