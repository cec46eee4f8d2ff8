// Random short codes: 7 characters from a 57-character alphabet without look-alikes (no 0 O 1 I l).
import { customAlphabet } from 'nanoid';

export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
export const CODE_LENGTH = 7;

export const generateCode: () => string = customAlphabet(CODE_ALPHABET, CODE_LENGTH);
