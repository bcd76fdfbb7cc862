"""Regenerates __tests__/fixtures/format/pyfixed.json: Python's own '%.Nf' / '%+.Nf' output for
values chosen to hit rounding ties, negative zero and ordinary noise. The TypeScript port
(src/report/format.ts pyFixed) is tested against it."""
import json, random, pathlib

random.seed(20261122)
values = [0.0, -0.0, 0.0625, 0.125, 0.375, -0.0625, 2.5, 3.5, -2.5, 0.5, 1.5, 0.00005, -0.00005,
          0.00015, 0.5000000000000004, 0.49999999999999956, -0.050000000000000044, 1.0005, 1.00005,
          123456.78125, 1e-20, -1e-20, 0.3333333333333333, 2.675, 1.115, 0.045, 1e21, 12345678901234567890.0]
values += [k / 16 for k in range(-40, 41)]
values += [k / 1024 for k in range(-60, 61, 7)]
values += [round(random.uniform(-3, 3), random.randint(1, 6)) for _ in range(150)]
values += [random.uniform(-1000, 1000) for _ in range(50)]
rows = []
for v in values:
    for d in (0, 1, 2, 3, 4):
        rows.append({"x": v, "neg_zero": str(v) == "-0.0", "digits": d,
                     "plain": "%.*f" % (d, v), "plus": "%+.*f" % (d, v)})
out = pathlib.Path(__file__).resolve().parent.parent / "__tests__/fixtures/format/pyfixed.json"
out.write_text(json.dumps(rows, indent=1) + "\n")
print(f"wrote {len(rows)} rows to {out}")
