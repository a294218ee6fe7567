import { describe, expect, it } from "vitest";

import { comparable, findNames, namePhrases } from "./names";

describe("finding authors' names", () => {
  it("compares without case or accents, as whole words", () => {
    expect(comparable("AMÍNA  Diallo-Sow, Ørsted")).toBe(" amina diallo sow orsted ");
    expect(findNames(["Amina Diallo"], { text: "Written by amína DIALLO.", metadata: "" })).toEqual([
      { name: "Amina Diallo", where: "text" },
    ]);
    expect(findNames(["Amina Diallo"], { text: "The Diallos and Dialloism", metadata: "" })).toEqual([]);
  });

  it("counts a family name alone from four letters, the full name always", () => {
    expect(namePhrases("Amina Diallo")).toEqual(["amina diallo", "diallo"]);
    expect(namePhrases("Ana Dia")).toEqual(["ana dia"]);
    expect(findNames(["Amina Diallo"], { text: "as Diallo (2019) showed", metadata: "" })).toHaveLength(1);
    expect(findNames(["Ana Dia"], { text: "Dia de los muertos; Ana's view", metadata: "" })).toEqual([]);
    expect(findNames(["Ana Dia"], { text: "", metadata: "Author: Ana Dia" })).toEqual([
      { name: "Ana Dia", where: "metadata" },
    ]);
  });

  it("says each place once per name, in the order given", () => {
    expect(
      findNames(["Amina Diallo", "Kofi Mensah", "Amina Diallo"], {
        text: "Diallo and Mensah",
        metadata: "Kofi Mensah",
      }),
    ).toEqual([
      { name: "Amina Diallo", where: "text" },
      { name: "Kofi Mensah", where: "text" },
      { name: "Kofi Mensah", where: "metadata" },
    ]);
  });
});
