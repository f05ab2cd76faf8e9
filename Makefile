# OpenBench builds engines with `make EXE=<name>`; the default target must
# leave the engine binary at $(EXE). Cargo writes to $(CARGO_TARGET_DIR)
# when it is set, as OpenBench workers often do.
EXE ?= trappy
TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)

.PHONY: all clean
all:
	cargo build --release -p engine --bin trappy
	cp $(TARGET_DIR)/release/trappy $(EXE)

clean:
	cargo clean
