# The list legal_moves returns, made without allocating when it can (rules.py cimports it).
#
# Kodiak lists ~290 codes a move on average (up to ~1200 in a big open window): a new list
# then costs a malloc, one incref per code, and at its death one decref per code and a free,
# more than everything else of a move together. A caller that drops the list leaves it
# referenced by the pool below only (refcount 1): nobody else can see it, so handing it out
# again, trimmed or extended to the new count, is indistinguishable from a new list; CPython's
# zip and enumerate reuse their result tuples the same way. The list is reused only while it
# still holds exactly the prebuilt codes 0 .. len-1 (a caller may have changed it before dropping
# it), so its decrefs never free anything.

cdef extern from *:
    """
    #define KODIAK_POOL 2
    static PyObject *kodiak_pool[KODIAK_POOL];
    static int kodiak_pool_next = 0;

    /* codes[0:n] as a list of its own (codes: the prebuilt list 0 .. len-1, n <= len(codes)). */
    static PyObject *kodiak_codes_list(PyObject *codes, Py_ssize_t n) {
        PyObject **src = ((PyListObject *)codes)->ob_item;
        Py_ssize_t have = PyList_GET_SIZE(codes);
        int free_slot = -1;
        for (int i = 0; i < KODIAK_POOL; i++) {
            PyObject *l = kodiak_pool[i];
            if (l == NULL || Py_REFCNT(l) != 1) continue;
            free_slot = i;
            PyListObject *lo = (PyListObject *)l;
            Py_ssize_t m = Py_SIZE(l);
            if (n > lo->allocated || m > have || memcmp(lo->ob_item, src, m * sizeof(PyObject *)) != 0) continue;
            for (Py_ssize_t j = m; j < n; j++) {
                Py_INCREF(src[j]);
                lo->ob_item[j] = src[j];
            }
            Py_SET_SIZE(l, n);
            for (Py_ssize_t j = n; j < m; j++) Py_DECREF(src[j]);  /* codes keeps each alive */
            Py_INCREF(l);
            return l;
        }
        PyObject *fresh = PyList_GetSlice(codes, 0, n);
        if (fresh == NULL) return NULL;
        int slot = free_slot;
        if (slot < 0) {
            slot = kodiak_pool_next;
            kodiak_pool_next = (kodiak_pool_next + 1) % KODIAK_POOL;
        }
        Py_INCREF(fresh);
        Py_XSETREF(kodiak_pool[slot], fresh);
        return fresh;
    }
    """
    list kodiak_codes_list(list codes, Py_ssize_t n)
