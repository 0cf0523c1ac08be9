# Multi-stage: Maven builds the jars, then a JRE image runs them. Nothing is downloaded at run time,
# so `docker run --network none -p 8000:8000 minilake` serves the whole API.
# (Not buildable on the development machines, which have no Docker engine; see README.)
FROM maven:3.9-eclipse-temurin-17 AS build
WORKDIR /src
COPY pom.xml .
COPY api-server/pom.xml api-server/
COPY crd-model/pom.xml crd-model/
COPY operator/pom.xml operator/
COPY spark-runner/pom.xml spark-runner/
COPY bench/pom.xml bench/
RUN mvn -B -q dependency:go-offline -DexcludeReactor=true || true
COPY . .
RUN mvn -B -q package -DskipTests

FROM eclipse-temurin:17-jre
RUN apt-get update && apt-get install -y --no-install-recommends python3 python3-venv && rm -rf /var/lib/apt/lists/*
# minilake.jar is a thin jar: its manifest names the dependencies in lib/ beside it
COPY --from=build /src/api-server/target/minilake.jar /opt/minilake/minilake.jar
COPY --from=build /src/api-server/target/lib /opt/minilake/lib
# the operator (same image; the chart runs `java -jar /opt/minilake/minilake-operator.jar`): its
# thin jar's lib/ overlaps the api-server's, so both share /opt/minilake/lib
COPY --from=build /src/operator/target/minilake-operator.jar /opt/minilake/minilake-operator.jar
COPY --from=build /src/operator/target/lib /opt/minilake/lib
# spark-runner: the Spark driver that job pods and the WarmSpark engine launch
COPY --from=build /src/spark-runner/target/*.jar /opt/minilake/spark-runner/
EXPOSE 8000
VOLUME /data
ENTRYPOINT ["java", "-jar", "/opt/minilake/minilake.jar", "--host", "0.0.0.0", "--port", "8000", "--data-dir", "/data"]
