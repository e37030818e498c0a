#include "coll_sig.h"

#include <limits.h>
#include <stdlib.h>

#include "coll_util.h"

/* The unit of a predefined type: the pair types of MINLOC/MAXLOC are two
 * primitives, equal (MPI_2INT) or not (mixed: bytes). */
static MPI_Datatype named_unit(MPI_Datatype type)
{
    if (type == MPI_2INT)
        return MPI_INT;
    if (type == MPI_FLOAT_INT || type == MPI_DOUBLE_INT || type == MPI_LONG_INT ||
        type == MPI_SHORT_INT || type == MPI_LONG_DOUBLE_INT || type == MPI_PACKED)
        return MPI_BYTE;
    return type;
}

/* Frees a datatype MPI_Type_get_contents returned, unless it is predefined. */
static void release(MPI_Datatype type)
{
    int ni, na, nd, combiner;
    if (MPI_Type_get_envelope(type, &ni, &na, &nd, &combiner) == MPI_SUCCESS &&
        combiner != MPI_COMBINER_NAMED)
        MPI_Type_free(&type);
}

/* The unit of type, MPI_DATATYPE_NULL when it holds no data (size 0), so
 * that an empty part does not make a signature mixed. */
static MPI_Datatype unit_of(MPI_Datatype type, int depth)
{
    int size = 0, ni, na, nd, combiner;
    MPI_Type_size(type, &size);
    if (size == 0)
        return MPI_DATATYPE_NULL;
    if (MPI_Type_get_envelope(type, &ni, &na, &nd, &combiner) != MPI_SUCCESS)
        return MPI_BYTE;
    if (combiner == MPI_COMBINER_NAMED)
        return named_unit(type);
    if (depth > 16)
        return MPI_BYTE; /* deeper than any real type: bytes are always right */
    int *ints = malloc((size_t)(ni > 0 ? ni : 1) * sizeof *ints);
    MPI_Aint *addrs = malloc((size_t)(na > 0 ? na : 1) * sizeof *addrs);
    MPI_Datatype *types = malloc((size_t)(nd > 0 ? nd : 1) * sizeof *types);
    MPI_Datatype unit = MPI_DATATYPE_NULL;
    if (!ints || !addrs || !types ||
        MPI_Type_get_contents(type, ni, na, nd, ints, addrs, types) != MPI_SUCCESS) {
        unit = MPI_BYTE;
        nd = 0;
    }
    for (int i = 0; i < nd; i++) {
        /* A struct block of length 0 adds nothing to the signature. */
        const int empty = combiner == MPI_COMBINER_STRUCT && ints[1 + i] == 0;
        const MPI_Datatype u = empty ? MPI_DATATYPE_NULL : unit_of(types[i], depth + 1);
        if (u != MPI_DATATYPE_NULL)
            unit = unit == MPI_DATATYPE_NULL || unit == u ? u : MPI_BYTE;
        release(types[i]);
    }
    free(ints);
    free(addrs);
    free(types);
    return unit == MPI_DATATYPE_NULL ? MPI_BYTE : unit;
}

MPI_Datatype papsim_sig_unit(MPI_Datatype type)
{
    const MPI_Datatype unit = unit_of(type, 0);
    return unit == MPI_DATATYPE_NULL ? MPI_BYTE : unit;
}

int papsim_sig_view_open(const void *buf, int count, MPI_Datatype type, int fill,
                         papsim_sig_view *v)
{
    v->buf = (void *)buf; /* the caller's own buffer, as writable as it gave it */
    v->count = count;
    v->type = type;
    v->staged = NULL;
    const MPI_Datatype unit = papsim_sig_unit(type);
    if (unit == type)
        return MPI_SUCCESS;
    int usize = 1;
    MPI_Type_size(unit, &usize);
    const MPI_Aint bytes = papsim_sig_bytes(count, type);
    const MPI_Aint units = bytes / (usize > 0 ? usize : 1);
    if (units > INT_MAX)
        return MPI_ERR_COUNT;
    v->staged = papsim_data_malloc((size_t)bytes);
    if (!v->staged)
        return MPI_ERR_NO_MEM;
    v->buf = v->staged;
    v->count = (int)units;
    v->type = unit;
    return fill ? papsim_typed_copy(buf, count, type, v->staged, v->count, unit) : MPI_SUCCESS;
}

int papsim_sig_view_close(papsim_sig_view *v, void *buf, int count, MPI_Datatype type, int drain,
                          int rc)
{
    if (!v->staged)
        return rc;
    if (drain && rc == MPI_SUCCESS)
        rc = papsim_typed_copy(v->staged, v->count, v->type, buf, count, type);
    papsim_data_free(v->staged);
    v->staged = NULL;
    return rc;
}
