# OpenBench builds engines with `make EXE=<name>`; the default target must
# leave the engine binary at $(EXE).
EXE ?= trappy

.PHONY: all clean
all:
	cargo build --release -p engine --bin trappy
	cp target/release/trappy $(EXE)

clean:
	cargo clean
